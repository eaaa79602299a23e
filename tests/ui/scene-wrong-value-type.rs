//! `scene!` with values of the wrong type: reported by rustc at the value.
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
            opacity: 0.5,
            Label = Shape::ellipse(),
        }
    }
}

fn main() {}
