//! A generic component whose parameter may hold a borrow: `Component` needs `'static`,
//! and rustc says so at the user's impl, not inside the generated one.

pub struct Shape<C>(pub C);

#[sprig::component]
impl<C: Copy> ::sprig::Hooks for Shape<C> {}

fn main() {}
