//! Procedural macros of Sprig: `#[component]` and `component_set!`.
//! Being written; see the brief in the helper session.
#![forbid(unsafe_code)]

use proc_macro::TokenStream;

/// Placeholder until the real macro lands.
#[proc_macro_attribute]
pub fn component(_args: TokenStream, item: TokenStream) -> TokenStream {
    item
}

/// Placeholder until the real macro lands.
#[proc_macro]
pub fn component_set(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
