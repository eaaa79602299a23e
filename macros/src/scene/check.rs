//! Validates a parsed item and flattens it for codegen: the nodes in pre-order with their
//! parents, the properties by kind, and the build steps (components and prefab
//! instances) in an order where every step comes after the steps whose `#[id]` its
//! value names, a node's own components staying in the order written.
//!
//! Reported here, each at its tokens: an unknown or repeated property, two siblings with
//! the same fixed name, a name longer than a node holds, an `#[id]` given twice, steps
//! that refer to each other in a cycle.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Attribute, Expr, Generics, Ident, LitStr, Type, Visibility};

use super::parse::{self, CompDecl, Member, NodeName, Param, PrefabUse};
use crate::ctxt::Ctxt;

/// Bytes a node name holds (`sprig::MAX_NAME_LEN`).
const MAX_NAME_LEN: usize = 15;

/// The properties a node has, with the setter each calls.
pub const PROPERTIES: &[&str] = &[
    "position", "anchor", "size", "scale", "rotation", "opacity", "z_index", "active", "tag",
];

/// A checked item.
pub struct Scene {
    /// Attributes of the parameter struct.
    pub attrs: Vec<Attribute>,
    /// Visibility of what is generated.
    pub vis: Visibility,
    /// The parameter struct's name.
    pub name: Ident,
    /// Its generics.
    pub generics: Generics,
    /// Its fields.
    pub params: Vec<Param>,
    /// The world type.
    pub world: Type,
    /// The handles struct's name.
    pub handles: Ident,
    /// The nodes, pre-order; the first is the top.
    pub nodes: Vec<Node>,
    /// Components and prefab instances, in build order.
    pub steps: Vec<Step>,
    /// Per component type (by its tokens), the type and how many the item adds.
    pub counts: Vec<(Type, usize)>,
}

/// A node of the item.
pub struct Node {
    /// Index of its parent in `nodes`; `None` for the top.
    pub parent: Option<usize>,
    /// Its name.
    pub name: Name,
    /// Its properties, in the order written.
    pub props: Vec<(Ident, Expr)>,
    /// `#[id]`, if marked.
    pub id: Option<Ident>,
    /// Its doc comments.
    pub attrs: Vec<Attribute>,
    /// Filled by a prefab instance rather than by this item.
    pub prefab: bool,
}

/// A node's name, for codegen.
pub enum Name {
    /// Known now.
    Fixed(LitStr),
    /// Computed when built.
    Computed(Expr),
}

/// A build step.
pub enum Step {
    /// A component on `node`.
    Comp {
        /// Index of its node.
        node: usize,
        /// The declaration (boxed: a type and an expression are large).
        decl: Box<CompDecl>,
    },
    /// A prefab instance filling `node`.
    Prefab {
        /// Index of the node it fills.
        node: usize,
        /// The declaration (boxed, like a component's).
        decl: Box<PrefabUse>,
    },
}

impl Step {
    fn id(&self) -> Option<&Ident> {
        match self {
            Step::Comp { decl, .. } => decl.id.as_ref(),
            Step::Prefab { decl, .. } => decl.id.as_ref(),
        }
    }

    fn tokens(&self) -> TokenStream {
        match self {
            Step::Comp { decl, .. } => decl.value.to_token_stream(),
            Step::Prefab { decl, .. } => decl.value.to_token_stream(),
        }
    }
}

/// Checks `item`; `None` if codegen cannot go on.
pub fn item(ctxt: &Ctxt, item: parse::Item) -> Option<Scene> {
    let errors_before = ctxt.error_count();
    let mut nodes = Vec::new();
    let mut steps = Vec::new();
    flatten(ctxt, item.root, None, &mut nodes, &mut steps);

    // `#[id]`s are fields of one struct and locals of one function: each once, and none
    // named like a parameter.
    let mut ids: BTreeMap<String, ()> = BTreeMap::new();
    let params: BTreeSet<String> = item.params.iter().map(|p| p.name.to_string()).collect();
    let node_ids = nodes.iter().filter_map(|n| n.id.as_ref());
    let step_ids = steps.iter().filter_map(Step::id);
    for id in node_ids.chain(step_ids) {
        let text = id.to_string();
        if ids.insert(text.clone(), ()).is_some() {
            ctxt.error_spanned_by(id, format!("`#[id] {text}` is given twice in this scene"));
        } else if params.contains(&text) {
            ctxt.error_spanned_by(id, format!("`#[id] {text}` has the name of a parameter"));
        }
    }
    if nodes.first().is_some_and(|top| top.id.is_none()) && ids.contains_key("top") {
        ctxt.error_spanned_by(
            &item.handles,
            "`top` names the top node's handle; mark the top node `#[id] top:` or rename the other `#[id] top`",
        );
    }

    let order = build_order(ctxt, &steps)?;
    if ctxt.error_count() > errors_before {
        // Code for an item with mistakes would only add rustc's echoes of them.
        return None;
    }
    let mut steps: Vec<Option<Step>> = steps.into_iter().map(Some).collect();
    let steps: Vec<Step> = order.into_iter().filter_map(|k| steps[k].take()).collect();

    let mut counts: Vec<(Type, usize)> = Vec::new();
    for step in &steps {
        if let Step::Comp { decl, .. } = step {
            let key = decl.ty.to_token_stream().to_string();
            match counts
                .iter_mut()
                .find(|(ty, _)| ty.to_token_stream().to_string() == key)
            {
                Some((_, count)) => *count += 1,
                None => counts.push((decl.ty.clone(), 1)),
            }
        }
    }
    Some(Scene {
        attrs: item.attrs,
        vis: item.vis,
        name: item.name,
        generics: item.generics,
        params: item.params,
        world: item.world,
        handles: item.handles,
        nodes,
        steps,
        counts,
    })
}

/// Appends `node` and its subtree in pre-order, checking names and properties.
fn flatten(
    ctxt: &Ctxt,
    node: parse::Node,
    parent: Option<usize>,
    nodes: &mut Vec<Node>,
    steps: &mut Vec<Step>,
) {
    let index = nodes.len();
    let name = match node.name {
        NodeName::Fixed(lit) => {
            let len = lit.value().len();
            if len > MAX_NAME_LEN {
                ctxt.error_spanned_by(
                    &lit,
                    format!("a node name holds {MAX_NAME_LEN} bytes; this one has {len}"),
                );
            }
            Name::Fixed(lit)
        }
        NodeName::Computed(expr) => Name::Computed(expr),
    };
    nodes.push(Node {
        parent,
        name,
        props: Vec::new(),
        id: node.id,
        attrs: node.attrs,
        prefab: false,
    });
    let mut props: Vec<(Ident, Expr)> = Vec::new();
    let mut siblings: BTreeMap<String, ()> = BTreeMap::new();
    let _ = node.keyword;
    for member in node.members {
        match member {
            Member::Prop { key, value } => {
                let text = key.to_string();
                if !PROPERTIES.contains(&text.as_str()) {
                    ctxt.error_spanned_by(
                        &key,
                        format!(
                            "unknown property `{text}`; a node has {}; components are written `Type = value`",
                            PROPERTIES.join(", ")
                        ),
                    );
                } else if props.iter().any(|(k, _)| *k == text) {
                    ctxt.error_spanned_by(&key, format!("property `{text}` is given twice"));
                } else {
                    props.push((key, value));
                }
            }
            Member::Comp(decl) => steps.push(Step::Comp {
                node: index,
                decl: Box::new(decl),
            }),
            Member::Node(child) => {
                if let NodeName::Fixed(lit) = &child.name {
                    if siblings.insert(lit.value(), ()).is_some() {
                        ctxt.error_spanned_by(
                            lit,
                            format!(
                                "two children of this node are named `{}`; sibling names must differ so that paths find each",
                                lit.value()
                            ),
                        );
                    }
                }
                flatten(ctxt, child, Some(index), nodes, steps);
            }
            Member::Prefab(decl) => {
                let at = nodes.len();
                nodes.push(Node {
                    parent: Some(index),
                    name: Name::Fixed(LitStr::new("", decl.keyword.span())),
                    props: Vec::new(),
                    id: None,
                    attrs: Vec::new(),
                    prefab: true,
                });
                steps.push(Step::Prefab {
                    node: at,
                    decl: Box::new(decl),
                });
            }
        }
    }
    if let Some(slot) = nodes.get_mut(index) {
        slot.props = props;
    }
}

/// Whether `tokens` mention identifier `id` anywhere (inside groups too), not as a field
/// name after a `.`.
fn mentions(tokens: TokenStream, ids: &BTreeSet<String>, found: &mut BTreeSet<String>) {
    let mut after_dot = false;
    for tree in tokens {
        match tree {
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                if !after_dot && ids.contains(&text) {
                    found.insert(text);
                }
                after_dot = false;
            }
            TokenTree::Group(group) => {
                mentions(group.stream(), ids, found);
                after_dot = false;
            }
            TokenTree::Punct(punct) => after_dot = punct.as_char() == '.',
            TokenTree::Literal(_) => after_dot = false,
        }
    }
}

/// The order to run the steps in: each after the steps whose `#[id]` it names and a
/// node's components in the order written, otherwise as declared (Kahn's algorithm,
/// lowest index first). `None` after reporting a cycle.
fn build_order(ctxt: &Ctxt, steps: &[Step]) -> Option<Vec<usize>> {
    let ids: BTreeMap<String, usize> = steps
        .iter()
        .enumerate()
        .filter_map(|(k, s)| s.id().map(|id| (id.to_string(), k)))
        .collect();
    let names: BTreeSet<String> = ids.keys().cloned().collect();
    let mut before: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); steps.len()];
    let mut last_on_node: BTreeMap<usize, usize> = BTreeMap::new();
    for (k, step) in steps.iter().enumerate() {
        let mut found = BTreeSet::new();
        mentions(step.tokens(), &names, &mut found);
        for name in found {
            if let Some(&j) = ids.get(&name) {
                if j == k {
                    if let Some(id) = step.id() {
                        ctxt.error_spanned_by(id, format!("`{name}` is used in its own value"));
                    }
                    return None;
                }
                before[k].insert(j);
            }
        }
        if let Step::Comp { node, .. } = step {
            if let Some(prev) = last_on_node.insert(*node, k) {
                before[k].insert(prev);
            }
        }
    }
    let mut done = vec![false; steps.len()];
    let mut order = Vec::with_capacity(steps.len());
    while order.len() < steps.len() {
        let next = (0..steps.len()).find(|&k| !done[k] && before[k].iter().all(|&j| done[j]));
        match next {
            Some(k) => {
                done[k] = true;
                order.push(k);
            }
            None => {
                for (k, step) in steps.iter().enumerate() {
                    if !done[k] {
                        if let Some(id) = step.id() {
                            ctxt.error_spanned_by(
                                id,
                                format!("`{id}` is part of a cycle: these components' values name each other, so none can be made first"),
                            );
                            return None;
                        }
                    }
                }
                return None;
            }
        }
    }
    Some(order)
}
