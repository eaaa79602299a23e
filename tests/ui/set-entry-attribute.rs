//! An attribute other than a doc comment on an entry: a `#[cfg]` would renumber the kinds.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component]
impl ::sprig::Hooks for Label {}

sprig::component_set! {
    pub enum App {
        /// Doc comments are fine.
        Spinner,
        #[cfg(feature = "labels")]
        Label,
    }
}

fn main() {}
