//! `scene!` with a component type the world's set does not hold.
use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 4,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

pub struct Spinner;

#[sprig::component]
impl sprig::Hooks for Spinner {}

sprig::scene! {
    pub scene Hud in Game -> HudIds {
        node Hud {
            Spinner = Spinner,
        }
    }
}

fn main() {}
