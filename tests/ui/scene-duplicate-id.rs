//! `scene!` with an `#[id]` given twice and one named like a parameter.
use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 4,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

sprig::scene! {
    pub scene Hud(lives: u32) in Game -> HudIds {
        node Hud {
            #[id] score: node Score {
                #[id] score: Label = Label::new(""),
            },
            #[id] lives: node Lives {},
        }
    }
}

fn main() {}
