//! `scene!` components whose values name each other: none can be made first.
use sprig::render::{Label, Shape};

sprig::world! {
    pub type Game = World {
        nodes: 4,
        components: GameComponents { Shape: 2, Label: 1 },
    };
}

pub struct Link(pub sprig::CompId);

#[sprig::component]
impl sprig::Hooks for Link {}

sprig::scene! {
    pub scene Loop in Game -> LoopIds {
        node Loop {
            #[id] a: Link = Link(b.id()),
            node B { #[id] b: Link = Link(a.id()) },
        }
    }
}

fn main() {}
