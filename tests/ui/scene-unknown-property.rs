//! `scene!` with a property a node does not have, and one given twice.
use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 4,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

sprig::scene! {
    pub scene Hud in Game -> HudIds {
        node Hud {
            colour: 3,
            position: (1.0, 2.0),
            position: (3.0, 4.0),
        }
    }
}

fn main() {}
