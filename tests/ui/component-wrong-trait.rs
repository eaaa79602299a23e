//! `#[component]` on an impl of another trait.

pub struct Spinner;

#[sprig::component]
impl core::fmt::Display for Spinner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("spinner")
    }
}

fn main() {}
