//! An entry without its capacity (two types of the same name are fine).

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
    pub struct App { a::Label: 2, b::Label }
}

fn main() {}
