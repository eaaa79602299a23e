//! Two types whose variants would have the same name.

mod a {
    pub struct Label;

    #[sprig::component]
    impl ::sprig::Hooks for Label {}
}

mod b {
    pub struct Label;

    #[sprig::component]
    impl ::sprig::Hooks for Label {}
}

sprig::component_set! {
    pub enum App { a::Label, b::Label }
}

fn main() {}
