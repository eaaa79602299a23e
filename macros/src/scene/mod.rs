//! `scene!`: declarative scenes and prefabs. `parse` reads the tokens into [`parse::Item`]s,
//! `check` validates them (unknown or repeated properties, duplicate sibling names and
//! `#[id]`s, names too long, components that refer to each other in a cycle) and orders
//! the component additions, `codegen` emits per item a struct of parameters, a struct of
//! handles, straight-line build code and the compile-time budget check.

mod check;
mod codegen;
mod parse;

use proc_macro2::TokenStream;

use crate::ctxt::Ctxt;

/// The whole macro over `input`, errors reported to `ctxt`.
pub fn expand(ctxt: &Ctxt, input: TokenStream) -> TokenStream {
    let Some(items) = parse::items(ctxt, input) else {
        return TokenStream::new();
    };
    items
        .into_iter()
        .filter_map(|item| check::item(ctxt, item))
        .map(|item| codegen::item(&item))
        .collect()
}
