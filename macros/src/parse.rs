//! Tokens to the macros' own syntax tree. Parsing decides only what the tokens *are*
//! (an argument with an integer value, an impl, a fn with a `self` receiver); whether
//! that is allowed is `check`'s business. Syntax that cannot be read at all is reported
//! to the [`Ctxt`] here, and parsing goes on wherever it can pick up again.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{
    token, Attribute, Expr, FnArg, Generics, Ident, ImplItem, Item, ItemImpl, LitInt, ReceiverKind,
    Token, Type, Visibility,
};

use crate::ctxt::Ctxt;

/// What every malformed `#[component(...)]` argument is told to look like.
pub const ARG_SHAPE: &str = "expected `execution_order = <integer>` or `draw`";

/// `#[component(args)] item`, parsed.
pub struct ComponentInput {
    /// The arguments that could be read, in order.
    pub args: Vec<ComponentArg>,
    /// The item the attribute is on.
    pub item: ComponentItem,
}

/// One `key = value` argument of `#[component(...)]`.
pub struct ComponentArg {
    /// The key as written.
    pub key: Ident,
    /// What follows the key.
    pub value: ArgValue,
}

/// What follows an argument's key.
pub enum ArgValue {
    /// `= <integer literal>`, optionally negated (`= -1`).
    Int {
        /// Whether a `-` came before the literal.
        negative: bool,
        /// The literal.
        lit: LitInt,
        /// The value's tokens, `-` included, to point an error at.
        tokens: TokenStream,
    },
    /// `= <anything else>`: the tokens after `=`.
    Other(TokenStream),
    /// `=` with nothing after it: the `=`.
    Empty(Token![=]),
    /// No `=` after the key: whatever came instead (nothing, for a bare key).
    NoEquals(TokenStream),
}

/// The item `#[component]` is on.
pub enum ComponentItem {
    /// An impl block, with or without a trait.
    Impl(ImplBlock),
    /// Any other item, re-emitted unchanged.
    Other {
        /// The item, to emit again.
        item: TokenStream,
        /// Its leading tokens up to its name (`pub struct Foo`), to point an error at.
        head: TokenStream,
        /// What it is, with an article: `a struct`.
        kind: &'static str,
    },
    /// Tokens syn could not read as an item (already reported), re-emitted unchanged.
    Unreadable(TokenStream),
}

/// An impl block under `#[component]`.
pub struct ImplBlock {
    /// The block as written.
    pub item: ItemImpl,
    /// What each of `item.items` is, index for index.
    pub members: Vec<ImplMember>,
}

/// One item inside the impl block.
pub enum ImplMember {
    /// A fn: meant to be a hook.
    Fn(HookFn),
    /// Anything else (an associated const or type, a macro call).
    Other {
        /// The member's tokens, to point an error at.
        tokens: TokenStream,
        /// What it is: `associated const`.
        kind: &'static str,
    },
}

/// A fn inside the impl block.
pub struct HookFn {
    /// Its name.
    pub name: Ident,
    /// A `self` receiver's tokens (`&mut self`), if it has one, and whether it is
    /// exactly `&mut self`.
    pub receiver: Option<(TokenStream, bool)>,
    /// How many inputs it takes besides a receiver.
    pub inputs: usize,
    /// The span of its parenthesized inputs.
    pub inputs_span: Span,
}

/// `[attrs] [vis] struct Name { entries }` given to `component_set!`.
pub struct SetInput {
    /// Attributes of the set (doc comments, derives), passed through.
    pub attrs: Vec<Attribute>,
    /// The set's visibility.
    pub vis: Visibility,
    /// `struct`.
    pub struct_token: Token![struct],
    /// The set's name.
    pub name: Ident,
    /// Generics written after the name (not allowed; kept to point at).
    pub generics: Generics,
    /// The braces around the entries.
    pub brace: token::Brace,
    /// The entries in order; an entry's index is its kind.
    pub entries: Vec<SetEntry>,
}

/// One entry of a component set: `Type: capacity`.
pub struct SetEntry {
    /// Attributes written before the entry.
    pub attrs: Vec<Attribute>,
    /// The component type.
    pub ty: Type,
    /// How many of it the world holds (missing: reported by `check`).
    pub capacity: Option<Expr>,
}

/// `[attrs] [vis] type Name = World { key: value, … };` given to `world!`.
pub struct WorldInput {
    /// Attributes of the alias (doc comments), passed through.
    pub attrs: Vec<Attribute>,
    /// The alias's visibility, also the set's.
    pub vis: Visibility,
    /// The alias's name.
    pub name: Ident,
    /// The word after `=` (must be `World`).
    pub world: Ident,
    /// The braces around the keys.
    pub brace: token::Brace,
    /// `key: value` in order.
    pub keys: Vec<WorldKey>,
}

/// One `key: value` of `world!`.
pub struct WorldKey {
    /// The key.
    pub key: Ident,
    /// Its value.
    pub value: WorldValue,
}

/// A value in `world!`: a capacity, or the component set.
pub enum WorldValue {
    /// `nodes: 48` and the like.
    Number(Expr),
    /// `components: Name { Type: capacity, … }`.
    Set {
        /// The set's name.
        name: Ident,
        /// The braces around the entries.
        brace: token::Brace,
        /// The entries in order.
        entries: Vec<SetEntry>,
    },
}

/// Parses `#[component(args)] item`. Never fails: what cannot be read is reported to
/// `ctxt` and left out.
pub fn component(ctxt: &Ctxt, args: TokenStream, item: TokenStream) -> ComponentInput {
    ComponentInput {
        args: component_args(ctxt, args),
        item: component_item(ctxt, item),
    }
}

/// Parses the attribute's arguments one comma-separated chunk at a time, so that a
/// malformed argument does not hide the ones after it.
fn component_args(ctxt: &Ctxt, args: TokenStream) -> Vec<ComponentArg> {
    let mut parsed = Vec::new();
    let mut chunk = TokenStream::new();
    for token in args {
        match token {
            TokenTree::Punct(comma) if comma.as_char() == ',' => {
                if chunk.is_empty() {
                    ctxt.error_spanned_by(&comma, ARG_SHAPE);
                } else if let Some(arg) = component_arg(ctxt, core::mem::take(&mut chunk)) {
                    parsed.push(arg);
                }
            }
            other => chunk.extend([other]),
        }
    }
    if !chunk.is_empty() {
        if let Some(arg) = component_arg(ctxt, chunk) {
            parsed.push(arg);
        }
    }
    parsed
}

/// Parses one `key [= value]` chunk.
fn component_arg(ctxt: &Ctxt, chunk: TokenStream) -> Option<ComponentArg> {
    let parser = |input: ParseStream| -> syn::Result<ComponentArg> {
        if !input.peek(Ident::peek_any) {
            return Err(input.error(ARG_SHAPE));
        }
        let key = input.call(Ident::parse_any)?;
        let value = if input.peek(Token![=]) && !input.peek(Token![==]) {
            let eq: Token![=] = input.parse()?;
            let rest: TokenStream = input.parse()?;
            arg_value(eq, rest)
        } else {
            ArgValue::NoEquals(input.parse()?)
        };
        Ok(ComponentArg { key, value })
    };
    match parser.parse2(chunk) {
        Ok(arg) => Some(arg),
        Err(err) => {
            ctxt.syn_error(err);
            None
        }
    }
}

/// Classifies the tokens after `=`.
fn arg_value(eq: Token![=], rest: TokenStream) -> ArgValue {
    if rest.is_empty() {
        return ArgValue::Empty(eq);
    }
    let int = |input: ParseStream| -> syn::Result<(bool, LitInt)> {
        let minus: Option<Token![-]> = input.parse()?;
        Ok((minus.is_some(), input.parse()?))
    };
    match int.parse2(rest.clone()) {
        Ok((negative, lit)) => ArgValue::Int {
            negative,
            lit,
            tokens: rest,
        },
        Err(_) => ArgValue::Other(rest),
    }
}

/// Parses the item under the attribute.
fn component_item(ctxt: &Ctxt, tokens: TokenStream) -> ComponentItem {
    let item: Item = match syn::parse2(tokens.clone()) {
        Ok(item) => item,
        Err(err) => {
            ctxt.syn_error(err);
            return ComponentItem::Unreadable(tokens);
        }
    };
    let (head, kind) = match &item {
        Item::Impl(block) => {
            let members = block.items.iter().map(impl_member).collect();
            return ComponentItem::Impl(ImplBlock {
                item: block.clone(),
                members,
            });
        }
        Item::Struct(s) => (head(&s.vis, &s.struct_token, &s.ident), "a struct"),
        Item::Enum(e) => (head(&e.vis, &e.enum_token, &e.ident), "an enum"),
        Item::Union(u) => (head(&u.vis, &u.union_token, &u.ident), "a union"),
        Item::Fn(f) => (head(&f.vis, &f.sig.fn_token, &f.sig.ident), "a fn"),
        Item::Trait(t) => (head(&t.vis, &t.trait_token, &t.ident), "a trait"),
        Item::Mod(m) => (head(&m.vis, &m.mod_token, &m.ident), "a module"),
        Item::Type(t) => (head(&t.vis, &t.type_token, &t.ident), "a type alias"),
        Item::Const(c) => (head(&c.vis, &c.const_token, &c.ident), "a const"),
        Item::Static(s) => (head(&s.vis, &s.static_token, &s.ident), "a static"),
        other => (other.to_token_stream(), "this item"),
    };
    ComponentItem::Other {
        item: tokens,
        head,
        kind,
    }
}

/// An item's leading tokens: `pub struct Foo`.
fn head(vis: &Visibility, keyword: &dyn ToTokens, name: &Ident) -> TokenStream {
    quote!(#vis #keyword #name)
}

/// Classifies one item of the impl block.
fn impl_member(item: &ImplItem) -> ImplMember {
    let kind = match item {
        ImplItem::Fn(f) => {
            let sig = &f.sig;
            let receiver = sig.inputs.iter().find_map(|input| match input {
                FnArg::Receiver(receiver) => Some((
                    receiver.to_token_stream(),
                    matches!(receiver.kind, ReceiverKind::Reference(_, _, Some(_))),
                )),
                FnArg::Typed(_) => None,
            });
            return ImplMember::Fn(HookFn {
                name: sig.ident.clone(),
                inputs: sig
                    .inputs
                    .len()
                    .saturating_sub(usize::from(receiver.is_some())),
                receiver,
                inputs_span: sig.paren_token.span.join(),
            });
        }
        ImplItem::Const(_) => "associated const",
        ImplItem::Type(_) => "associated type",
        ImplItem::Macro(_) => "macro call",
        _ => "item",
    };
    ImplMember::Other {
        tokens: item.to_token_stream(),
        kind,
    }
}

impl Parse for SetInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        if input.peek(Token![enum]) {
            return Err(input.error(
                "a component set is a `struct` with a capacity per type: \
                 `pub struct App { Player: 1, Enemy: 16 }`",
            ));
        }
        let struct_token = input.parse()?;
        let name = input.parse()?;
        let generics = input.parse()?;
        let content;
        let brace = syn::braced!(content in input);
        let entries = Punctuated::<SetEntry, Token![,]>::parse_terminated(&content)?;
        Ok(SetInput {
            attrs,
            vis,
            struct_token,
            name,
            generics,
            brace,
            entries: entries.into_iter().collect(),
        })
    }
}

impl Parse for SetEntry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let ty = input.parse()?;
        let capacity = if input.peek(Token![:]) && !input.peek(Token![::]) {
            input.parse::<Token![:]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        Ok(SetEntry {
            attrs,
            ty,
            capacity,
        })
    }
}

impl Parse for WorldInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        input.parse::<Token![type]>()?;
        let name = input.parse()?;
        input.parse::<Token![=]>()?;
        let world = input.parse()?;
        let content;
        let brace = syn::braced!(content in input);
        let keys = Punctuated::<WorldKey, Token![,]>::parse_terminated(&content)?;
        if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
        }
        Ok(WorldInput {
            attrs,
            vis,
            name,
            world,
            brace,
            keys: keys.into_iter().collect(),
        })
    }
}

impl Parse for WorldKey {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.call(Ident::parse_any)?;
        input.parse::<Token![:]>()?;
        let value = if input.peek(Ident) && input.peek2(token::Brace) {
            let name = input.parse()?;
            let content;
            let brace = syn::braced!(content in input);
            let entries = Punctuated::<SetEntry, Token![,]>::parse_terminated(&content)?;
            WorldValue::Set {
                name,
                brace,
                entries: entries.into_iter().collect(),
            }
        } else {
            WorldValue::Number(input.parse()?)
        };
        Ok(WorldKey { key, value })
    }
}

/// Parses the input of `world!`; a syntax error is reported to `ctxt`.
pub fn world(ctxt: &Ctxt, tokens: TokenStream) -> Option<WorldInput> {
    match syn::parse2(tokens) {
        Ok(input) => Some(input),
        Err(err) => {
            ctxt.syn_error(err);
            None
        }
    }
}

/// Parses the input of `component_set!`; a syntax error is reported to `ctxt`.
pub fn component_set(ctxt: &Ctxt, tokens: TokenStream) -> Option<SetInput> {
    match syn::parse2(tokens) {
        Ok(input) => Some(input),
        Err(err) => {
            ctxt.syn_error(err);
            None
        }
    }
}
