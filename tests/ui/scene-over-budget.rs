//! A scene larger than its world: more nodes and more `Shape`s than `Game` holds.
use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 4,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

sprig::scene! {
    pub scene Big in Game -> BigIds {
        node Big {
            Shape = Shape::rectangle(),
            node A { Shape = Shape::rectangle() },
            node B { Shape = Shape::ellipse() },
            node C {},
        }
    }
}

fn main() {}
