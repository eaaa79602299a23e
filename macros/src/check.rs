//! Validates the parsed input and derives what code generation needs: the constants of a
//! component, the generics its `Component` impl keeps, the kinds of a set's entries.
//!
//! Every mistake is reported to the [`Ctxt`] at its own tokens and checking goes on, so
//! one compile lists them all. What survives is still emitted (a hook with a mistake is
//! left out, a duplicate entry is dropped), so that the user's other code does not break
//! on top of the reported mistakes.

use std::collections::BTreeSet;

use proc_macro2::Span;
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::{
    Attribute, Expr, GenericParam, Generics, Ident, Lifetime, Type, TypeParamBound, Visibility,
    WherePredicate,
};

use crate::ctxt::Ctxt;
use crate::parse::{
    ArgValue, ComponentArg, ComponentInput, ComponentItem, HookFn, ImplMember, SetEntry, SetInput,
    WorldInput, WorldKey, WorldValue, ARG_SHAPE,
};

/// The one key `#[component(...)]` accepts.
const ORDER_KEY: &str = "execution_order";

/// The flag saying the type implements `sprig::render::Draw` itself.
const DRAW_KEY: &str = "draw";

/// What a malformed `draw` argument is told.
const DRAW_SHAPE: &str = "`draw` takes no value: write `#[component(draw)]` and implement `sprig::render::Draw` for the type";

/// Said of any execution order value that is not one.
const ORDER_RANGE: &str = "execution_order must be an integer in -32768..=32767";

/// Where `#[component]` goes, for the messages about where it does not.
const WHERE_IT_GOES: &str = "`#[component]` goes on `impl sprig::Hooks for Type`";

/// At most this many entries in a set: a kind is a `u8`.
const MAX_ENTRIES: usize = 255;

/// A lifecycle hook of `sprig::Hooks`, in the order of a component's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hook {
    /// `preload(ctx)`.
    Preload,
    /// `on_load(ctx)`.
    OnLoad,
    /// `on_enable(ctx)`.
    OnEnable,
    /// `start(ctx)`.
    Start,
    /// `update(ctx, dt_seconds)`.
    Update,
    /// `late_update(ctx, dt_seconds)`.
    LateUpdate,
    /// `on_disable(ctx)`.
    OnDisable,
    /// `on_destroy(ctx)`.
    OnDestroy,
    /// `on_timer(ctx, key, elapsed_seconds)`.
    OnTimer,
    /// `on_touch(ctx, touch)`.
    OnTouch,
    /// `on_key(ctx, key)`.
    OnKey,
    /// `on_event(ctx, event)`.
    OnEvent,
}

impl Hook {
    /// Every hook, in lifecycle order.
    pub const ALL: [Hook; 12] = [
        Hook::Preload,
        Hook::OnLoad,
        Hook::OnEnable,
        Hook::Start,
        Hook::Update,
        Hook::LateUpdate,
        Hook::OnDisable,
        Hook::OnDestroy,
        Hook::OnTimer,
        Hook::OnTouch,
        Hook::OnKey,
        Hook::OnEvent,
    ];

    /// The fn name in a `Hooks` impl.
    pub fn name(self) -> &'static str {
        match self {
            Hook::Preload => "preload",
            Hook::OnLoad => "on_load",
            Hook::OnEnable => "on_enable",
            Hook::Start => "start",
            Hook::Update => "update",
            Hook::LateUpdate => "late_update",
            Hook::OnDisable => "on_disable",
            Hook::OnDestroy => "on_destroy",
            Hook::OnTimer => "on_timer",
            Hook::OnTouch => "on_touch",
            Hook::OnKey => "on_key",
            Hook::OnEvent => "on_event",
        }
    }

    /// The name of the matching `sprig::Hook` variant.
    pub fn variant(self) -> &'static str {
        match self {
            Hook::Preload => "Preload",
            Hook::OnLoad => "OnLoad",
            Hook::OnEnable => "OnEnable",
            Hook::Start => "Start",
            Hook::Update => "Update",
            Hook::LateUpdate => "LateUpdate",
            Hook::OnDisable => "OnDisable",
            Hook::OnDestroy => "OnDestroy",
            Hook::OnTimer => "OnTimer",
            Hook::OnTouch => "OnTouch",
            Hook::OnKey => "OnKey",
            Hook::OnEvent => "OnEvent",
        }
    }

    /// The inputs the fn takes, as the trait names them.
    fn inputs(self) -> &'static [&'static str] {
        match self {
            Hook::Update | Hook::LateUpdate => &["ctx", "dt_seconds"],
            Hook::OnTimer => &["ctx", "key", "elapsed_seconds"],
            Hook::OnTouch => &["ctx", "touch"],
            Hook::OnKey => &["ctx", "key"],
            Hook::OnEvent => &["ctx", "event"],
            _ => &["ctx"],
        }
    }

    /// The hook named `name`, if there is one.
    fn named(name: &str) -> Option<Hook> {
        Hook::ALL.into_iter().find(|hook| hook.name() == name)
    }
}

/// What `#[component]` expands to.
pub struct Component {
    /// The item to emit: the impl block without the members that were rejected, or the
    /// item unchanged if it is not a `Hooks` impl at all.
    pub item: TokenStream,
    /// The `Component` impl to emit, when the item is a `Hooks` impl of a named type.
    pub constants: Option<Constants>,
}

/// The `Component` impl of a type.
pub struct Constants {
    /// The impl block's `#[cfg]`s, which the `Component` impl must share.
    pub cfgs: Vec<Attribute>,
    /// The impl's generics that occur in the self type, each type and lifetime bounded
    /// by `'static` (as `Component` requires).
    pub generics: Generics,
    /// The component type.
    pub self_ty: Type,
    /// `Component::NAME`.
    pub name: String,
    /// `Component::EXECUTION_ORDER`.
    pub execution_order: i16,
    /// `Component::HOOKS`, in lifecycle order, each once.
    pub hooks: Vec<Hook>,
    /// `#[component(draw)]`: the type implements `sprig::render::Draw` itself, so no
    /// empty impl is generated.
    pub draws: bool,
}

/// Checks `#[component]`'s input and decides what it expands to.
pub fn component(ctxt: &Ctxt, input: ComponentInput) -> Component {
    let execution_order = execution_order(ctxt, &input.args);
    let draws = draw_flag(ctxt, &input.args);
    let block = match input.item {
        ComponentItem::Impl(block) => block,
        ComponentItem::Other { item, head, kind } => {
            ctxt.error_spanned_by(head, format!("{WHERE_IT_GOES}, not on {kind}"));
            return passthrough(item);
        }
        ComponentItem::Unreadable(item) => return passthrough(item),
    };
    let mut item = block.item;
    match &item.trait_ {
        None => {
            let (impl_token, self_ty) = (&item.impl_token, &item.self_ty);
            ctxt.error_spanned_by(
                quote!(#impl_token #self_ty),
                format!("{WHERE_IT_GOES}, not on an inherent impl"),
            );
            return passthrough(item.into_token_stream());
        }
        Some((path, _)) => {
            let last = path.segments.last().map(|segment| &segment.ident);
            if last.is_none_or(|ident| ident != "Hooks") {
                ctxt.error_spanned_by(
                    path,
                    format!(
                        "{WHERE_IT_GOES}, not on an impl of `{}`",
                        display_tokens(path.to_token_stream())
                    ),
                );
                return passthrough(item.into_token_stream());
            }
        }
    }

    let mut hooks = BTreeSet::new();
    let mut kept = Vec::with_capacity(item.items.len());
    for (member, impl_item) in block.members.iter().zip(core::mem::take(&mut item.items)) {
        let hook = match member {
            ImplMember::Fn(hook_fn) => hook(ctxt, hook_fn),
            ImplMember::Other { tokens, kind } => {
                ctxt.error_spanned_by(
                    tokens,
                    format!(
                        "a `#[component]` impl holds only hook fns; move this {kind} to an \
                         inherent impl"
                    ),
                );
                None
            }
        };
        if let Some(hook) = hook {
            hooks.insert(hook);
            kept.push(impl_item);
        }
    }
    item.items = kept;

    let self_ty = unwrap_type(&item.self_ty).clone();
    let constants = match type_name(&self_ty) {
        Some(name) => Some(Constants {
            cfgs: cfgs(&item.attrs),
            generics: component_generics(&item.generics, &self_ty),
            name: name.unraw().to_string(),
            self_ty,
            execution_order,
            hooks: hooks.into_iter().collect(),
            draws,
        }),
        None => {
            ctxt.error_spanned_by(
                &item.self_ty,
                "a component is a named type, such as `Spinner` or `Shape<C>`",
            );
            None
        }
    };
    Component {
        item: item.into_token_stream(),
        constants,
    }
}

/// Emit `item` as it is, and nothing else.
fn passthrough(item: TokenStream) -> Component {
    Component {
        item,
        constants: None,
    }
}

/// The `execution_order` argument's value (0 if absent or wrong).
fn execution_order(ctxt: &Ctxt, args: &[ComponentArg]) -> i16 {
    let mut order = None;
    let mut seen = false;
    for arg in args {
        if arg.key == DRAW_KEY {
            continue;
        }
        if arg.key != ORDER_KEY {
            ctxt.error_spanned_by(
                &arg.key,
                format!(
                    "unknown `#[component]` argument `{}`; the accepted arguments are \
                     `{ORDER_KEY} = <integer>` and `{DRAW_KEY}`",
                    arg.key
                ),
            );
            continue;
        }
        if seen {
            ctxt.error_spanned_by(&arg.key, format!("`{ORDER_KEY}` is given twice"));
            continue;
        }
        seen = true;
        match &arg.value {
            ArgValue::Int {
                negative,
                lit,
                tokens,
            } => {
                let value = matches!(lit.suffix(), "" | "i16")
                    .then(|| lit.base10_parse::<i64>().ok())
                    .flatten()
                    .map(|magnitude| if *negative { -magnitude } else { magnitude })
                    .and_then(|value| i16::try_from(value).ok());
                match value {
                    Some(value) => order = Some(value),
                    None => ctxt.error_spanned_by(tokens, ORDER_RANGE),
                }
            }
            ArgValue::Other(tokens) => ctxt.error_spanned_by(tokens, ORDER_RANGE),
            ArgValue::Empty(eq) => ctxt.error_spanned_by(eq, ORDER_RANGE),
            ArgValue::NoEquals(rest) if rest.is_empty() => {
                ctxt.error_spanned_by(&arg.key, ARG_SHAPE);
            }
            ArgValue::NoEquals(rest) => ctxt.error_spanned_by(rest, ARG_SHAPE),
        }
    }
    order.unwrap_or(0)
}

/// Whether the bare `draw` argument is there (reported if it is given a value or twice).
fn draw_flag(ctxt: &Ctxt, args: &[ComponentArg]) -> bool {
    let mut seen = false;
    for arg in args.iter().filter(|arg| arg.key == DRAW_KEY) {
        if seen {
            ctxt.error_spanned_by(&arg.key, format!("`{DRAW_KEY}` is given twice"));
            continue;
        }
        seen = true;
        match &arg.value {
            ArgValue::NoEquals(rest) if rest.is_empty() => {}
            ArgValue::Int { tokens, .. } => ctxt.error_spanned_by(tokens, DRAW_SHAPE),
            ArgValue::Other(tokens) | ArgValue::NoEquals(tokens) => {
                ctxt.error_spanned_by(tokens, DRAW_SHAPE)
            }
            ArgValue::Empty(eq) => ctxt.error_spanned_by(eq, DRAW_SHAPE),
        }
    }
    seen
}

/// The hook `hook_fn` defines, or `None` (reported) if it is not a well-formed hook.
fn hook(ctxt: &Ctxt, hook_fn: &HookFn) -> Option<Hook> {
    let name = hook_fn.name.unraw().to_string();
    let Some(hook) = Hook::named(&name) else {
        let list = Hook::ALL
            .map(|hook| format!("`{}`", hook.name()))
            .join(", ");
        let suggestion = Hook::ALL
            .into_iter()
            .find(|hook| edit_distance(hook.name(), &name) <= 2)
            .map(|hook| format!(" (did you mean `{}`?)", hook.name()))
            .unwrap_or_default();
        ctxt.error_spanned_by(
            &hook_fn.name,
            format!("`{name}` is not a hook{suggestion}; the hooks are {list}"),
        );
        return None;
    };
    let expected = hook.inputs();
    match &hook_fn.receiver {
        Some((_, true)) => {}
        Some((receiver, false)) => {
            ctxt.error_spanned_by(
                receiver,
                format!(
                    "hooks take `&mut self`: `fn {name}(&mut self, {})`",
                    expected.join(", ")
                ),
            );
            return None;
        }
        None => {
            ctxt.error_at(
                hook_fn.inputs_span,
                format!(
                    "hooks take `&mut self` first, the component's own data: \
                     `fn {name}(&mut self, {})`",
                    expected.join(", ")
                ),
            );
            return None;
        }
    }
    if hook_fn.inputs != expected.len() {
        let plural = if expected.len() == 1 { "" } else { "s" };
        ctxt.error_at(
            hook_fn.inputs_span,
            format!(
                "`{name}` takes `&mut self` and {} argument{plural}, `({})`, not {}",
                expected.len(),
                expected.join(", "),
                hook_fn.inputs
            ),
        );
        return None;
    }
    Some(hook)
}

/// The Levenshtein distance between two short names, for "did you mean".
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// `ty` without the invisible or written parentheses around it.
fn unwrap_type(ty: &Type) -> &Type {
    match ty {
        Type::Group(group) => unwrap_type(&group.elem),
        Type::Paren(paren) => unwrap_type(&paren.elem),
        other => other,
    }
}

/// The last segment of a type's path: the name `Component::NAME` records.
fn type_name(ty: &Type) -> Option<&Ident> {
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            path.path.segments.last().map(|segment| &segment.ident)
        }
        _ => None,
    }
}

/// The `#[cfg]` attributes among `attrs`.
fn cfgs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .cloned()
        .collect()
}

/// The generics of the `Component` impl: the params that occur in the self type, their
/// bounds and where-predicates that mention no
/// dropped param, and `'static` on each kept type and lifetime.
fn component_generics(generics: &Generics, self_ty: &Type) -> Generics {
    let used = names(self_ty.to_token_stream());
    let all: BTreeSet<String> = generics.params.iter().map(param_name).collect();
    let dropped: BTreeSet<String> = all
        .iter()
        .filter(|name| !used.contains(*name))
        .cloned()
        .collect();
    let mentions_dropped =
        |tokens: TokenStream| names(tokens).iter().any(|name| dropped.contains(name));

    let mut kept = generics.clone();
    kept.params = generics
        .params
        .iter()
        .filter(|param| !dropped.contains(&param_name(param)))
        .cloned()
        .map(|mut param| {
            match &mut param {
                GenericParam::Type(ty) => {
                    ty.bounds = retain(&ty.bounds, |b| !mentions_dropped(b.to_token_stream()));
                    ty.bounds.push(TypeParamBound::Lifetime(Lifetime::new(
                        "'static",
                        ty.ident.span(),
                    )));
                    ty.colon_token.get_or_insert_with(Default::default);
                }
                GenericParam::Lifetime(lt) => {
                    lt.bounds = retain(&lt.bounds, |b| !mentions_dropped(b.to_token_stream()));
                    lt.bounds
                        .push(Lifetime::new("'static", lt.lifetime.apostrophe));
                    lt.colon_token.get_or_insert_with(Default::default);
                }
                GenericParam::Const(_) => {}
            }
            param
        })
        .collect();
    if let Some(clause) = &mut kept.where_clause {
        clause.predicates = retain(&clause.predicates, |predicate: &WherePredicate| {
            !mentions_dropped(predicate.to_token_stream())
        });
        if clause.predicates.is_empty() {
            kept.where_clause = None;
        }
    }
    if kept.params.is_empty() {
        kept.lt_token = None;
        kept.gt_token = None;
    }
    kept
}

/// The items of `list` for which `keep` holds.
fn retain<T: Clone, P: Default>(
    list: &Punctuated<T, P>,
    keep: impl Fn(&T) -> bool,
) -> Punctuated<T, P> {
    list.iter().filter(|item| keep(item)).cloned().collect()
}

/// A generic param's name as [`names`] spells it: `T`, `'a`, `N`.
fn param_name(param: &GenericParam) -> String {
    match param {
        GenericParam::Type(ty) => ty.ident.to_string(),
        GenericParam::Lifetime(lt) => format!("'{}", lt.lifetime.ident),
        GenericParam::Const(c) => c.ident.to_string(),
    }
}

/// Every identifier and lifetime (`'a`) in `tokens`, nested groups included.
fn names(tokens: TokenStream) -> BTreeSet<String> {
    fn walk(tokens: TokenStream, out: &mut BTreeSet<String>) {
        let mut after_apostrophe = false;
        for token in tokens {
            let apostrophe = matches!(&token, TokenTree::Punct(p) if p.as_char() == '\'');
            match token {
                TokenTree::Group(group) => walk(group.stream(), out),
                TokenTree::Ident(ident) if after_apostrophe => {
                    out.insert(format!("'{ident}"));
                }
                TokenTree::Ident(ident) => {
                    out.insert(ident.to_string());
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => {}
            }
            after_apostrophe = apostrophe;
        }
    }
    let mut out = BTreeSet::new();
    walk(tokens, &mut out);
    out
}

/// Tokens as a person would write them: `widgets::ProgressBar<C>`, not
/// `widgets :: ProgressBar < C >`.
fn display_tokens(tokens: TokenStream) -> String {
    let text = tokens.to_string();
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let prev = out.chars().last();
        let glue_left = matches!(next, Some(':' | '<' | '>' | ',' | ')' | ']'));
        let glue_right = matches!(prev, Some(':' | '<' | '(' | '[' | '&'));
        if c == ' ' && (glue_left || glue_right) {
            continue;
        }
        out.push(c);
    }
    out
}

/// What `component_set!` expands to.
pub struct Set {
    /// The set's attributes.
    pub attrs: Vec<Attribute>,
    /// The set's visibility.
    pub vis: Visibility,
    /// The set's name.
    pub name: Ident,
    /// The entries to emit, in kind order (duplicates left out).
    pub entries: Vec<Entry>,
}

/// One entry of a set, checked.
pub struct Entry {
    /// Its doc comments (the only attributes an entry takes).
    pub docs: Vec<Attribute>,
    /// The component type.
    pub ty: Type,
    /// How many of it the world holds.
    pub capacity: Expr,
    /// The kind: the entry's index.
    pub kind: u8,
}

/// Checks `component_set!`'s input and numbers its entries.
pub fn component_set(ctxt: &Ctxt, input: SetInput) -> Set {
    let generics = &input.generics;
    if !generics.params.is_empty() || generics.where_clause.is_some() {
        ctxt.error_spanned_by(
            generics,
            "a component set takes no generics; list concrete component types, such as \
             `Shape<Rgb565>: 8`",
        );
    }
    let _ = input.struct_token;
    Set {
        attrs: input.attrs,
        vis: input.vis,
        entries: set_entries(ctxt, &input.name, input.brace.span.join(), input.entries),
        name: input.name,
    }
}

/// Checks a set's entries (in `component_set!` or `world!`) and numbers them.
fn set_entries(ctxt: &Ctxt, name: &Ident, brace: Span, input: Vec<SetEntry>) -> Vec<Entry> {
    if input.is_empty() {
        ctxt.error_at(
            brace,
            format!("the component set `{name}` is empty; list at least one component type"),
        );
    }
    let mut types = BTreeSet::new();
    let mut entries = Vec::with_capacity(input.len());
    for entry in input {
        let ty_text = display_tokens(entry.ty.to_token_stream());
        if !types.insert(ty_text.clone()) {
            ctxt.error_spanned_by(
                &entry.ty,
                format!("`{ty_text}` is listed twice in the component set"),
            );
            continue;
        }
        for attr in entry
            .attrs
            .iter()
            .filter(|attr| !attr.path().is_ident("doc"))
        {
            ctxt.error_spanned_by(attr, "a component set entry takes only doc comments");
        }
        let Some(capacity) = entry.capacity else {
            ctxt.error_spanned_by(
                &entry.ty,
                format!(
                    "give `{ty_text}` a capacity, how many of it the world holds at once: \
                     `{ty_text}: 4`"
                ),
            );
            continue;
        };
        let kind = match u8::try_from(entries.len()) {
            Ok(kind) if usize::from(kind) < MAX_ENTRIES => kind,
            _ => {
                ctxt.error_spanned_by(
                    &entry.ty,
                    format!(
                        "a component set holds at most {MAX_ENTRIES} component types (a kind \
                         is a `u8`)"
                    ),
                );
                break;
            }
        };
        entries.push(Entry {
            docs: entry
                .attrs
                .into_iter()
                .filter(|attr| attr.path().is_ident("doc"))
                .collect(),
            ty: entry.ty,
            capacity,
            kind,
        });
    }
    entries
}

/// What `world!` expands to: its set, and the alias with the capacities.
pub struct WorldDecl {
    /// The alias's attributes.
    pub attrs: Vec<Attribute>,
    /// The alias's name.
    pub name: Ident,
    /// The set, with the alias's visibility.
    pub set: Set,
    /// Node capacity, the root included.
    pub nodes: Expr,
    /// Timer table capacity.
    pub timers: Option<Expr>,
    /// Event queue capacity.
    pub events: Option<Expr>,
    /// Trace ring capacity.
    pub trace: Option<Expr>,
    /// Listener table capacity.
    pub listeners: Option<Expr>,
}

/// The keys `world!` takes, as its errors list them.
const WORLD_KEYS: &str = "`nodes`, `components`, `timers`, `events`, `trace`, `listeners`";

/// Checks `world!`'s input.
pub fn world(ctxt: &Ctxt, input: WorldInput) -> Option<WorldDecl> {
    if input.world != "World" {
        ctxt.error_spanned_by(
            &input.world,
            "expected `World`: `pub type Game = World { nodes: 32, components: … };`",
        );
    }
    let mut seen = BTreeSet::new();
    let (mut nodes, mut set, mut timers, mut events, mut trace, mut listeners) =
        (None, None, None, None, None, None);
    for WorldKey { key, value } in input.keys {
        if !seen.insert(key.to_string()) {
            ctxt.error_spanned_by(&key, format!("`{key}` is given twice"));
            continue;
        }
        match (key.to_string().as_str(), value) {
            (
                "components",
                WorldValue::Set {
                    name,
                    brace,
                    entries,
                },
            ) => {
                let entries = set_entries(ctxt, &name, brace.span.join(), entries);
                set = Some(Set {
                    attrs: Vec::new(),
                    vis: input.vis.clone(),
                    name,
                    entries,
                });
            }
            ("components", WorldValue::Number(value)) => ctxt.error_spanned_by(
                &value,
                "expected the component set: `components: GameComponents { Player: 1, Enemy: 8 }`",
            ),
            (name @ ("nodes" | "timers" | "events" | "trace" | "listeners"), value) => {
                let WorldValue::Number(value) = value else {
                    ctxt.error_spanned_by(&key, format!("`{name}` takes a number"));
                    continue;
                };
                let slot = match name {
                    "nodes" => &mut nodes,
                    "timers" => &mut timers,
                    "events" => &mut events,
                    "listeners" => &mut listeners,
                    _ => &mut trace,
                };
                *slot = Some(value);
            }
            (other, _) => ctxt.error_spanned_by(
                &key,
                format!("unknown key `{other}`; `world!` takes {WORLD_KEYS}"),
            ),
        }
    }
    let span = input.brace.span.join();
    if nodes.is_none() {
        ctxt.error_at(
            span,
            "give the node capacity, the root included: `nodes: 32`",
        );
    }
    if set.is_none() {
        ctxt.error_at(
            span,
            "give the component set: `components: GameComponents { Player: 1, Enemy: 8 }`",
        );
    }
    Some(WorldDecl {
        attrs: input.attrs,
        name: input.name,
        set: set?,
        nodes: nodes?,
        timers,
        events,
        trace,
        listeners,
    })
}
