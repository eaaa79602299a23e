//! Procedural macros of Sprig: `#[component]` on an `impl sprig::Hooks for Type` records
//! the type's constants, `component_set!` declares a set of component types with a
//! capacity each, and `world!` declares an app's world type with its set. Use them
//! through `sprig`, which re-exports them.
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
mod scene;
mod timer_key;

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

/// Declares a component set: which component types a world holds and how many of each,
/// written `Type: capacity`. Each type gets slots sized to it; an entry's kind is its
/// index in the list; each entry must be a type with a `#[component]` impl. Emits the
/// struct and its `sprig::ComponentSet`, `sprig::Dispatch` (one comparison chain, for
/// every world) and `sprig::render::DrawSet` impls. Most apps declare their set inside
/// [`world!`], which also names the world type.
///
/// ```
/// use sprig::{component, component_set, ComponentSet, Hooks, World};
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
///     pub struct App { Spinner: 4, widgets::ProgressBar: 2 }
/// }
///
/// assert_eq!(App::CAPACITY, 6);
/// assert_eq!(App::kind_of::<widgets::ProgressBar>(), Some(1));
/// assert_eq!(App::kind_name(1), "ProgressBar");
/// assert_eq!(App::kind_order(1), 5);
/// let mut world: World<App, 8, 6> = World::new();
/// let root = world.root();
/// let bar = world.add_component(root, widgets::ProgressBar(40))?;
/// assert_eq!(world.get::<widgets::ProgressBar>(bar)?.0, 40);
/// # Ok::<(), sprig::Error>(())
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

/// Declares an app's world in one place: the node capacity, the component set with a
/// capacity per type, and optionally the timer, event, trace and listener capacities
/// (`timers`, `events`, `trace`, `listeners`; defaults 8, 32, 64 and 16). Emits the set
/// (as [`component_set!`] does) and a type alias of `sprig::World` with every capacity
/// filled in.
///
/// ```
/// use sprig::{component, world, AnyWorld, Ctx, HookResult, Hooks};
///
/// pub struct Player;
/// #[component]
/// impl Hooks for Player {}
///
/// pub struct Enemy;
/// #[component]
/// impl Hooks for Enemy {}
///
/// world! {
///     /// The game's world.
///     pub type Game = World {
///         nodes: 32,
///         components: GameComponents { Player: 1, Enemy: 16 },
///         timers: 4,
///     };
/// }
///
/// let mut world = Game::new();
/// assert_eq!(world.component_capacity(), 17);
/// let root = world.root();
/// world.add_component(root, Player)?;
/// assert_eq!(world.add_component(root, Player), Err(sprig::Error::ComponentArenaFull { capacity: 1 }));
/// # Ok::<(), sprig::Error>(())
/// ```
#[proc_macro]
pub fn world(input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::new();
    let tokens = parse::world(&ctxt, input.into())
        .and_then(|input| check::world(&ctxt, input))
        .map(|decl| codegen::world(&decl))
        .unwrap_or_default();
    with_errors(ctxt, tokens)
}

/// Declares scenes and prefabs: trees of nodes with their properties, components and
/// children, built all at once under a parent. See `docs/scenes.md` for the guide.
///
/// Each item, `scene` or `prefab` (the same thing; a scene is a prefab used once),
/// declares a struct of its parameters with an `instantiate(self, world, parent)` method,
/// and a struct of handles to what is marked `#[id]`. A node has the properties
/// `position`, `anchor`, `size`, `scale` (a pair, or a `Vec2`/`Size2`), `rotation`
/// (degrees), `opacity`, `z_index`, `active` and `tag`; components are written
/// `Type = value` (any expression; `Type` alone is `Type::default()`); children are
/// `node Name { … }`; `prefab Other { params }` holds an instance of another prefab.
/// When the program compiles, the node count and the count of each component type are
/// checked against the world's capacities.
///
/// ```
/// use sprig::render::Label;
/// use sprig::{scene, world, Vec2};
///
/// world! {
///     /// The game's world.
///     pub type Game = World { nodes: 8, components: GameComponents { Label: 4 } };
/// }
///
/// scene! {
///     /// The head-up display.
///     pub scene Hud(lives: u32) in Game -> HudIds {
///         node "Hud" {
///             position: (0.0, 60.0),
///             #[id] score: node Score {
///                 anchor: (0.0, 1.0),
///                 #[id] text: Label = Label::new("0 pts"),
///             },
///             node Lives { Label = Label::new(if lives > 1 { "**" } else { "*" }) },
///         }
///     }
/// }
///
/// let mut world = Game::new();
/// let root = world.root();
/// let hud = Hud { lives: 2 }.instantiate(&mut world, root)?;
/// assert_eq!(world.find_from_root("Hud/Score")?, Some(hud.score));
/// assert_eq!(world.comp(hud.text)?.text.as_str(), "0 pts");
/// assert_eq!(world.position(hud.top)?, Vec2::new(0.0, 60.0));
/// # Ok::<(), sprig::Error>(())
/// ```
#[proc_macro]
pub fn scene(input: TokenStream) -> TokenStream {
    let ctxt = Ctxt::new();
    let tokens = scene::expand(&ctxt, input.into());
    with_errors(ctxt, tokens)
}

/// `tokens`, preceded by every error the context collected.
/// Derives `sprig::TimerKey` for a fieldless enum: each variant is a timer key, its
/// index in declaration order (the first is 0), so a component schedules
/// `ctx.schedule(Blink::Colon, …)` and matches `Blink::from_key(key)` in `on_timer`.
///
/// ```
/// use sprig::TimerKey;
///
/// #[derive(Clone, Copy, Debug, PartialEq, TimerKey)]
/// enum Blink {
///     Colon,
///     Cursor,
/// }
///
/// assert_eq!(Blink::Colon.to_key(), Some(0));
/// assert_eq!(Blink::from_key(1), Some(Blink::Cursor));
/// assert_eq!(Blink::from_key(7), None);
/// ```
#[proc_macro_derive(TimerKey)]
pub fn derive_timer_key(item: TokenStream) -> TokenStream {
    let ctxt = Ctxt::new();
    let tokens = timer_key::derive(&ctxt, item.into());
    with_errors(ctxt, tokens)
}

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
