//! An attribute other than a doc comment on an entry: a `#[cfg]` would renumber the kinds.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component]
impl ::sprig::Hooks for Label {}

sprig::component_set! {
    pub struct App {
        /// Doc comments are fine.
        Spinner: 1,
        #[cfg(feature = "labels")]
        Label: 1,
    }
}

fn main() {}
