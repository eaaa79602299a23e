//! Sprig's developer tasks (placeholder, being written).
fn main() {}
