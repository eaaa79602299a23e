//! Procedural macros of Sprig: `#[component]` on an `impl sprig::Hooks for Type` records
//! the type's constants, and `component_set!` declares the app's set of component
//! types with `match`-based dispatch. Use them through `sprig`, which re-exports both.
//!
//! Each macro runs the same phases: `parse` reads the tokens into this crate's own syntax
//! tree, `check` validates it and derives facts, `codegen` emits the items. Mistakes are
//! collected in an error context (`ctxt`) and reported together, each at its own tokens.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod check;
mod codegen;
mod ctxt;
mod parse;

use proc_macro::TokenStream;

use crate::ctxt::Ctxt;

/// Implements `sprig::Component` for the type of an `impl sprig::Hooks for Type` block:
/// its `NAME`, its `EXECUTION_ORDER` (`#[component(execution_order = -1)]`; default 0)
/// and its `HOOKS`, one per hook fn the block defines.
///
/// The block may define only hooks, each taking `&mut self` (the component's own data)
/// and `ctx` (the world, generic: `&mut Ctx<impl AnyWorld>`), so the type works in every
/// app's world.
///
/// ```
/// use sprig::{component, AnyWorld, Component, Ctx, Hook, HookResult, Hooks};
///
/// pub struct Spinner {
///     turns: f32,
/// }
///
/// #[component(execution_order = -1)]
/// impl Hooks for Spinner {
///     fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
///         self.turns += dt_seconds;
///         let node = ctx.node();
///         ctx.set_angle_degrees(node, self.turns * 360.0)
///     }
/// }
///
/// assert_eq!(Spinner::NAME, "Spinner");
/// assert_eq!(Spinner::EXECUTION_ORDER, -1);
/// assert!(Spinner::HOOKS.contains(Hook::Update) && !Spinner::HOOKS.contains(Hook::Start));
/// ```
#[proc_macro_attribute]
pub fn component(args: TokenStream, item: TokenStream) -> TokenStream {
    let ctxt = Ctxt::new();
    let input = parse::component(&ctxt, args.into(), item.into());
    let checked = check::component(&ctxt, input);
    with_errors(ctxt, codegen::component(&checked))
}

/// Declares the app's component set: an enum with one variant per component type, entries
/// written `Type` or `Variant(path::Type)`, and its `sprig::ComponentSet`,
/// `sprig::Dispatch` (one `match`, for every world) and per-type `sprig::Has` and `From`
/// impls. An entry's kind is its
/// index in the list; each entry must be a type with a `#[component]` impl.
///
/// ```
/// use sprig::{component, component_set, ComponentSet, Has, Hooks};
///
/// pub struct Spinner;
/// #[component]
/// impl Hooks for Spinner {}
///
/// mod widgets {
///     pub struct ProgressBar(pub u8);
///     #[sprig::component(execution_order = 5)]
///     impl sprig::Hooks for ProgressBar {}
/// }
///
/// component_set! {
///     /// The app's component types.
///     pub enum App { Spinner, Bar(widgets::ProgressBar) }
/// }
///
/// let bar = App::from(widgets::ProgressBar(40));
/// assert_eq!(bar.kind(), 1);
/// assert_eq!(App::kind_name(1), "ProgressBar");
/// assert_eq!(App::kind_order(1), 5);
/// assert!(Has::<Spinner>::get(&bar).is_none());
/// ```
#[proc_macro]
pub fn component_set(input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::new();
    let tokens = parse::component_set(&ctxt, input.into())
        .map(|input| check::component_set(&ctxt, input))
        .map(|set| codegen::component_set(&set))
        .unwrap_or_default();
    with_errors(ctxt, tokens)
}

/// `tokens`, preceded by every error the context collected.
fn with_errors(ctxt: Ctxt, tokens: proc_macro2::TokenStream) -> TokenStream {
    match ctxt.check() {
        Ok(()) => tokens.into(),
        Err(err) => {
            let mut out = err.to_compile_error();
            out.extend(tokens);
            out.into()
        }
    }
}
