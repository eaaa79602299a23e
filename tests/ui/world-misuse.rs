//! `world!` with an unknown key, a key given twice, a set where a number goes, and no
//! node capacity.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

sprig::world! {
    pub type Game = World {
        components: GameComponents { Spinner: 2 },
        timer: 4,
        events: 8,
        events: 16,
        trace: Trace { Spinner: 1 },
    };
}

fn main() {}
