//! `world!` must name `World` after `=`.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

sprig::world! {
    pub type Game = Universe {
        nodes: 8,
        components: GameComponents { Spinner: 2 },
    };
}

fn main() {}
