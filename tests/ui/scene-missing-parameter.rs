//! A prefab instantiated without one of its parameters: rustc names the missing field.
use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 4,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

sprig::scene! {
    pub prefab Brick(x: f32, y: f32) in Game -> BrickIds {
        node Brick { position: (x, y), Shape = Shape::rectangle() }
    }
}

fn main() {
    let mut world = Game::new();
    let root = world.root();
    let _ = Brick { x: 1.0 }.instantiate(&mut world, root);
}
