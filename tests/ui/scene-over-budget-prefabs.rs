//! A scene whose prefab instances take more than its world holds: its own type (`Shape`,
//! reported at its tokens) and a type only the prefab adds (`Label`, at the scene).

use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 8,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

sprig::scene! {
    pub prefab Tile(text: &'static str) in Game -> TileIds {
        node Tile { Shape = Shape::rectangle(), Label = Label::new(text) }
    }

    pub scene Board in Game -> BoardIds {
        node Board {
            Shape = Shape::rectangle(),
            prefab Tile { text: "a" },
            prefab Tile { text: "b" },
        }
    }
}

fn main() {}
