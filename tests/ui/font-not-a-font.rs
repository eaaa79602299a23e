// A file that exists (the test crate's manifest, beside this folder) but is not a font.
static DIGITS: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = "0123456789");

fn main() {}
