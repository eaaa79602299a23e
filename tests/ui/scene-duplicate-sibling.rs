//! `scene!` with two children of one node named alike, and a name too long for a node.
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
            node Score {},
            node "Score" {},
            node "A name far too long" {},
        }
    }
}

fn main() {}
