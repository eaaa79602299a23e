//! Tokens to the scene syntax tree:
//!
//! ```text
//! items  := item*
//! item   := attr* vis ("scene" | "prefab") Ident generics? ("(" param,* ")")?
//!           "in" Type "->" Ident "{" node "}"
//! param  := Ident ":" Type
//! node   := attr* ("#[id]" Ident ":")? "node" (LitStr | Ident | "(" Expr ")") "{" member,* "}"
//! member := Ident ":" Expr                        (a property)
//!         | attr* ("#[id]" Ident ":")? Type ("=" Expr)?   (a component)
//!         | node                                  (a child)
//!         | attr* ("#[id]" Ident ":")? "prefab" ExprStruct  (a prefab instance as a child)
//! ```
//!
//! Whether a property exists is `check`'s business; here `name: value` is a property
//! because a single `:` follows a lone identifier.

use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{
    braced, parenthesized, Attribute, Expr, Generics, Ident, LitStr, Token, Type, Visibility,
};

use crate::ctxt::Ctxt;

/// One `scene` or `prefab` item.
pub struct Item {
    /// Attributes for the parameter struct (docs).
    pub attrs: Vec<Attribute>,
    /// Visibility of the generated items.
    pub vis: Visibility,
    /// The parameter struct's name.
    pub name: Ident,
    /// Its generics (lifetimes of borrowed parameters).
    pub generics: Generics,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The world type the item builds in.
    pub world: Type,
    /// The handles struct's name.
    pub handles: Ident,
    /// The top node.
    pub root: Node,
}

/// One `name: Type` parameter.
pub struct Param {
    /// Doc comments and other attributes of the field.
    pub attrs: Vec<Attribute>,
    /// The parameter's name.
    pub name: Ident,
    /// Its type.
    pub ty: Type,
}

/// How a node is named.
pub enum NodeName {
    /// A string literal or an identifier: known when the macro runs.
    Fixed(LitStr),
    /// `(expr)`: computed when the scene is built.
    Computed(Expr),
}

/// A node and what is in its braces.
pub struct Node {
    /// Doc comments (for its handle field).
    pub attrs: Vec<Attribute>,
    /// `#[id] name:`, if marked.
    pub id: Option<Ident>,
    /// The `node` keyword, to point errors at.
    pub keyword: Ident,
    /// The name.
    pub name: NodeName,
    /// Properties, components and children, in order.
    pub members: Vec<Member>,
}

/// One entry inside a node's braces.
pub enum Member {
    /// `key: value`.
    Prop {
        /// The property's name.
        key: Ident,
        /// Its value.
        value: Expr,
    },
    /// A component.
    Comp(CompDecl),
    /// A child node.
    Node(Node),
    /// A prefab instance as a child.
    Prefab(PrefabUse),
}

/// A component on a node.
pub struct CompDecl {
    /// Doc comments (for its handle field).
    pub attrs: Vec<Attribute>,
    /// `#[id] name:`, if marked.
    pub id: Option<Ident>,
    /// Its type.
    pub ty: Type,
    /// Its value (`Type::default()` if none is given).
    pub value: Option<Expr>,
}

/// `prefab Name { params }` inside a node.
pub struct PrefabUse {
    /// Doc comments (for its handle field).
    pub attrs: Vec<Attribute>,
    /// `#[id] name:`, if marked.
    pub id: Option<Ident>,
    /// The `prefab` keyword.
    pub keyword: Ident,
    /// The prefab's parameter struct literal.
    pub value: syn::ExprStruct,
}

/// Every item of the invocation; `None` (errors reported) if the tokens cannot be read.
pub fn items(ctxt: &Ctxt, input: TokenStream) -> Option<Vec<Item>> {
    let parser = |stream: ParseStream| {
        let mut items = Vec::new();
        while !stream.is_empty() {
            items.push(stream.parse::<Item>()?);
        }
        Ok(items)
    };
    match parser.parse2(input) {
        Ok(items) => Some(items),
        Err(error) => {
            ctxt.syn_error(error);
            None
        }
    }
}

impl Parse for Item {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        let keyword: Ident = input.parse()?;
        if keyword != "scene" && keyword != "prefab" {
            return Err(syn::Error::new(
                keyword.span(),
                "expected `scene` or `prefab`: `pub scene Hud(font: Font) in GameWorld -> HudIds { node \"Hud\" { … } }`",
            ));
        }
        let name: Ident = input.parse()?;
        let mut generics: Generics = input.parse()?;
        let mut params = Vec::new();
        if input.peek(syn::token::Paren) {
            let content;
            parenthesized!(content in input);
            let list = Punctuated::<Param, Token![,]>::parse_terminated(&content)?;
            params = list.into_iter().collect();
        }
        generics.where_clause = None;
        if !input.peek(Token![in]) {
            return Err(input.error("expected `in` and the world type: `in GameWorld`"));
        }
        input.parse::<Token![in]>()?;
        let world = Type::without_plus(input)?;
        input.parse::<Token![->]>()?;
        let handles: Ident = input.parse()?;
        let content;
        braced!(content in input);
        let root: Node = content.parse()?;
        if !content.is_empty() {
            return Err(content.error("a scene has one top node; put the others inside it"));
        }
        Ok(Item {
            attrs,
            vis,
            name,
            generics,
            params,
            world,
            handles,
            root,
        })
    }
}

impl Parse for Param {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let name: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        Ok(Param { attrs, name, ty })
    }
}

/// Splits `#[id]` off `attrs`; the id attribute's span if there was one.
fn take_id(attrs: &mut Vec<Attribute>) -> syn::Result<Option<Span>> {
    let mut found = None;
    let mut kept = Vec::with_capacity(attrs.len());
    for attr in attrs.drain(..) {
        if attr.path().is_ident("id") {
            if !matches!(attr.meta, syn::Meta::Path(_)) {
                return Err(syn::Error::new_spanned(&attr, "`#[id]` takes no arguments"));
            }
            if found.is_some() {
                return Err(syn::Error::new_spanned(&attr, "`#[id]` is given twice"));
            }
            found = Some(attr.pound_token.span);
        } else {
            kept.push(attr);
        }
    }
    *attrs = kept;
    Ok(found)
}

impl Parse for Node {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut attrs = input.call(Attribute::parse_outer)?;
        let id = match take_id(&mut attrs)? {
            Some(_) => {
                let id: Ident = input.parse()?;
                input.parse::<Token![:]>()?;
                Some(id)
            }
            None => None,
        };
        let keyword: Ident = input.parse()?;
        if keyword != "node" {
            return Err(syn::Error::new(keyword.span(), "expected `node`"));
        }
        node_rest(input, attrs, id, keyword)
    }
}

/// A node after its `node` keyword.
fn node_rest(
    input: ParseStream,
    attrs: Vec<Attribute>,
    id: Option<Ident>,
    keyword: Ident,
) -> syn::Result<Node> {
    let name = if input.peek(LitStr) {
        NodeName::Fixed(input.parse()?)
    } else if input.peek(syn::token::Paren) {
        let content;
        parenthesized!(content in input);
        NodeName::Computed(content.parse()?)
    } else {
        let ident: Ident = input.parse().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected the node's name: `node Knob`, `node \"Item 1\"` or `node (expr)`",
            )
        })?;
        NodeName::Fixed(LitStr::new(&ident.to_string(), ident.span()))
    };
    let content;
    braced!(content in input);
    let mut members = Vec::new();
    while !content.is_empty() {
        members.push(content.parse::<Member>()?);
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    Ok(Node {
        attrs,
        id,
        keyword,
        name,
        members,
    })
}

impl Parse for Member {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut attrs = input.call(Attribute::parse_outer)?;
        let marked = take_id(&mut attrs)?.is_some();
        if !marked
            && attrs.is_empty()
            && input.peek(Ident)
            && input.peek2(Token![:])
            && !input.peek2(Token![::])
        {
            let key: Ident = input.parse()?;
            input.parse::<Token![:]>()?;
            let value: Expr = input.parse()?;
            return Ok(Member::Prop { key, value });
        }
        let id = if marked {
            let id: Ident = input.parse()?;
            input.parse::<Token![:]>()?;
            Some(id)
        } else {
            None
        };
        if input.peek(Ident) && !input.peek2(Token![::]) {
            let fork = input.fork();
            let word: Ident = fork.parse()?;
            if word == "node"
                && (fork.peek(LitStr) || fork.peek(Ident) || fork.peek(syn::token::Paren))
            {
                let keyword: Ident = input.parse()?;
                return node_rest(input, attrs, id, keyword).map(Member::Node);
            }
            if word == "prefab" && fork.peek(Ident) {
                let keyword: Ident = input.parse()?;
                let value: syn::ExprStruct = input.parse()?;
                return Ok(Member::Prefab(PrefabUse {
                    attrs,
                    id,
                    keyword,
                    value,
                }));
            }
        }
        let ty: Type = input.parse()?;
        let value = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(input.parse::<Expr>()?)
        } else {
            None
        };
        Ok(Member::Comp(CompDecl {
            attrs,
            id,
            ty,
            value,
        }))
    }
}
