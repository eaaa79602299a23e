//! Emits, per item: the parameter struct, the handles struct, the `sprig::Prefab` impl
//! whose `fill` is straight-line build code (nodes in pre-order, then their properties,
//! then the components and prefab instances in the checked order), the `instantiate`
//! method, and the budget: a constant evaluation per count that fails, at the item's
//! tokens, with the figures when the world cannot hold it.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::Expr;

use super::check::{Name, Scene, Step};

/// All the items of one scene.
pub fn item(scene: &Scene) -> TokenStream {
    let Scene {
        attrs,
        vis,
        name,
        generics,
        params,
        world,
        handles,
        nodes,
        steps,
        counts,
    } = scene;
    let (impl_generics, ty_generics, _) = generics.split_for_impl();
    // `fill` works in any world (so a hook can instantiate a prefab through its `Ctx`);
    // the world named in the item is the one the budget is checked against.
    let mut with_world = generics.clone();
    with_world
        .params
        .push(syn::parse_quote!(__SprigWorld: ::sprig::AnyWorld));
    let (prefab_generics, _, _) = with_world.split_for_impl();
    let node_var = |k: usize| format_ident!("__sprig_node_{}", k);
    let w = format_ident!("__sprig_world");

    // Nodes: the top is given, the rest are created under their parents.
    let mut build = Vec::new();
    for (k, node) in nodes.iter().enumerate() {
        let var = node_var(k);
        let name_expr = match &node.name {
            Name::Fixed(lit) => lit.to_token_stream(),
            Name::Computed(expr) => quote_spanned!(expr.span()=> &#expr),
        };
        match node.parent {
            None => build.push(quote! {
                let #var = top;
                #w.set_name(#var, #name_expr)?;
            }),
            Some(parent) => {
                let parent = node_var(parent);
                build.push(quote! { let #var = #w.create_child(#parent, #name_expr)?; });
            }
        }
        if let Some(id) = &node.id {
            build.push(quote! { let #id: ::sprig::NodeId = #var; });
        }
    }
    for (k, node) in nodes.iter().enumerate() {
        let var = node_var(k);
        for (key, value) in &node.props {
            build.push(setter(&w, &var, key, value));
        }
    }
    for step in steps {
        match step {
            Step::Comp { node, decl } => {
                let var = node_var(*node);
                let ty = &decl.ty;
                let value = match &decl.value {
                    Some(value) => quote_spanned!(value.span()=> #value),
                    None => {
                        quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default())
                    }
                };
                let add = quote_spanned! {ty.span()=>
                    ::sprig::AnyWorld::add_component::<#ty>(#w, #var, #value)?
                };
                match &decl.id {
                    Some(id) => build.push(quote! {
                        let #id: ::sprig::Comp<#ty> = ::sprig::Comp::new(#add);
                    }),
                    None => build.push(quote! { #add; }),
                }
            }
            Step::Prefab { node, decl } => {
                let var = node_var(*node);
                let path = &decl.value.path;
                let value = &decl.value;
                let fill = quote_spanned! {path.span()=>
                    <#path as ::sprig::Prefab<__SprigWorld>>::fill(#value, #w, #var)?
                };
                match &decl.id {
                    Some(id) => build.push(quote! { let #id = #fill; }),
                    None => build.push(quote! { #fill; }),
                }
            }
        }
    }
    // Handles.
    let mut fields = Vec::new();
    let mut inits = Vec::new();
    if let Some(top) = nodes.first() {
        if top.id.is_none() {
            let doc = format!("The top node{}.", fixed_name(&top.name));
            let var = node_var(0);
            fields.push(quote! { #[doc = #doc] pub top: ::sprig::NodeId, });
            inits.push(quote! { top: #var, });
        }
    }
    for node in nodes {
        if let Some(id) = &node.id {
            let docs = docs_or(&node.attrs, format!("The node{}.", fixed_name(&node.name)));
            fields.push(quote! { #docs pub #id: ::sprig::NodeId, });
            inits.push(quote! { #id, });
        }
    }
    for step in steps {
        match step {
            Step::Comp { node, decl } => {
                if let Some(id) = &decl.id {
                    let ty = &decl.ty;
                    let on = nodes
                        .get(*node)
                        .map(|n| fixed_name(&n.name))
                        .unwrap_or_default();
                    let docs = docs_or(
                        &decl.attrs,
                        format!("The `{}` on the node{on}.", ty.to_token_stream()),
                    );
                    fields.push(quote! { #docs pub #id: ::sprig::Comp<#ty>, });
                    inits.push(quote! { #id, });
                }
            }
            Step::Prefab { decl, .. } => {
                if let Some(id) = &decl.id {
                    let path = &decl.value.path;
                    let docs = docs_or(
                        &decl.attrs,
                        format!("The handles of the `{}` instance.", path.to_token_stream()),
                    );
                    let alias = ids_alias_path(path);
                    fields.push(quote! { #docs pub #id: #alias, });
                    inits.push(quote! { #id, });
                }
            }
        }
    }

    let param_fields = params.iter().map(|p| {
        let (attrs, name, ty) = (&p.attrs, &p.name, &p.ty);
        let docs = docs_or(attrs, format!("The parameter `{name}`."));
        quote! { #docs pub #name: #ty, }
    });
    let param_names: Vec<_> = params.iter().map(|p| &p.name).collect();

    // Budget.
    let own_nodes = nodes.iter().filter(|n| !n.prefab).count();
    let nested_paths: Vec<&syn::Path> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Prefab { decl, .. } => Some(&decl.value.path),
            Step::Comp { .. } => None,
        })
        .collect();
    let nested: Vec<TokenStream> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Prefab { decl, .. } => {
                let path = &decl.value.path;
                Some(quote!(+ <#path as ::sprig::Prefab<#world>>::NODES))
            }
            Step::Comp { .. } => None,
        })
        .collect();
    let scene_name = name.to_string();
    let world_name = world.to_token_stream().to_string().replace(' ', "");
    let nodes_check = quote_spanned! {name.span()=>
        const _: () = ::sprig::__scene_types(&<#name as ::sprig::Prefab<#world>>::COMPONENTS);
        const _: () = ::sprig::__scene_budget(
            #scene_name,
            #own_nodes #(#nested)* + 1,
            "nodes with the root",
            #world_name,
            <#world as ::sprig::WorldShape>::NODES,
        );
    };
    // Per type of the item's own components: the total with its prefab instances',
    // checked at the type's first tokens.
    let type_checks = counts.iter().map(|(ty, _)| {
        let what = format!(
            "`{}` components",
            ty.to_token_stream().to_string().replace(' ', "")
        );
        quote_spanned! {ty.span()=>
            const _: () = ::sprig::__scene_budget(
                #scene_name,
                <#name as ::sprig::Prefab<#world>>::COMPONENTS
                    .get(<#ty as ::sprig::Component>::NAME),
                #what,
                #world_name,
                <<#world as ::sprig::WorldShape>::Set as ::sprig::Holds<#ty>>::CAPACITY,
            );
        }
    });
    let own_names = counts
        .iter()
        .map(|(ty, _)| quote!(<#ty as ::sprig::Component>::NAME));
    // The types only prefab instances add, checked at the item's name.
    let nested_check = (!nested_paths.is_empty()).then(|| {
        quote_spanned! {name.span()=>
            const _: () = ::sprig::__scene_budget_nested(
                #scene_name,
                &<#name as ::sprig::Prefab<#world>>::COMPONENTS,
                &[#(#own_names),*],
                #world_name,
                <<#world as ::sprig::WorldShape>::Set as ::sprig::ComponentSet>::KINDS,
            );
        }
    });
    let own_counts = counts
        .iter()
        .map(|(ty, count)| quote!(.add(<#ty as ::sprig::Component>::NAME, #count)));
    let nested_counts = nested_paths
        .iter()
        .map(|path| quote!(.merge(&<#path as ::sprig::Prefab<__SprigWorld>>::COMPONENTS)));
    let ids_alias = ids_alias_ident(name);
    let handles_doc = format!("Handles to the nodes and components of [`{name}`] marked `#[id]`.");
    let keyword_doc = format!(
        "Builds this scene under `parent`, all or nothing, and activates it as one subtree \
         if `parent` is active ({own_nodes} nodes of its own; see `World::instantiate_with`)."
    );
    let budget = quote! {
        #nodes_check
        #(#type_checks)*
        #nested_check
    };
    quote! {
        #(#attrs)*
        #vis struct #name #generics {
            #(#param_fields)*
        }

        #[doc = #handles_doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #vis struct #handles {
            #(#fields)*
        }

        // Lets a scene that holds this prefab name its handles type from the prefab's
        // path alone, whatever lifetimes the prefab's parameters carry.
        #[doc(hidden)]
        #vis type #ids_alias = #handles;

        impl #prefab_generics ::sprig::Prefab<__SprigWorld> for #name #ty_generics {
            type Ids = #handles;
            const NODES: usize = #own_nodes #(#nested)*;
            const COMPONENTS: ::sprig::ComponentCounts =
                ::sprig::ComponentCounts::EMPTY #(#own_counts)* #(#nested_counts)*;

            #[allow(unused_variables, clippy::redundant_locals)]
            fn fill(
                self,
                #w: &mut __SprigWorld,
                top: ::sprig::NodeId,
            ) -> ::core::result::Result<#handles, ::sprig::Error> {
                let Self { #(#param_names),* } = self;
                #(#build)*
                ::core::result::Result::Ok(#handles { #(#inits)* })
            }
        }

        impl #impl_generics #name #ty_generics {
            #[doc = #keyword_doc]
            #vis fn instantiate<__SprigWorld: ::sprig::AnyWorld>(
                self,
                world: &mut __SprigWorld,
                parent: ::sprig::NodeId,
            ) -> ::core::result::Result<#handles, ::sprig::Error> {
                ::sprig::AnyWorld::instantiate_with(world, parent, "", |w, top| {
                    <Self as ::sprig::Prefab<__SprigWorld>>::fill(self, w, top)
                })
                .map(|(_, ids)| ids)
            }
        }

        #budget
    }
}

/// ` \`name\`` for a fixed name, nothing for a computed one.
fn fixed_name(name: &Name) -> String {
    match name {
        Name::Fixed(lit) => format!(" `{}`", lit.value()),
        Name::Computed(_) => String::new(),
    }
}

/// The doc attributes among `attrs`, or `fallback` as the doc.
fn docs_or(attrs: &[syn::Attribute], fallback: String) -> TokenStream {
    let docs: Vec<_> = attrs.iter().filter(|a| a.path().is_ident("doc")).collect();
    if docs.is_empty() {
        quote!(#[doc = #fallback])
    } else {
        quote!(#(#docs)*)
    }
}

/// The call that sets property `key` of `node` to `value`; a pair `(x, y)` becomes a
/// `Vec2` (or a `Size2` for `size`). Spanned at the value, so a value of the wrong type
/// is reported there.
fn setter(w: &syn::Ident, node: &syn::Ident, key: &syn::Ident, value: &Expr) -> TokenStream {
    let pair = |ty: TokenStream| match value {
        Expr::Tuple(tuple) if tuple.elems.len() == 2 => {
            let (a, b) = (&tuple.elems[0], &tuple.elems[1]);
            quote_spanned!(value.span()=> #ty::new(#a, #b))
        }
        _ => quote_spanned!(value.span()=> #value),
    };
    let vec2 = || pair(quote!(::sprig::Vec2));
    let (method, arg) = match key.to_string().as_str() {
        "position" => ("set_position", vec2()),
        "anchor" => ("set_anchor", vec2()),
        "scale" => ("set_scale", vec2()),
        "size" => ("set_content_size", pair(quote!(::sprig::Size2))),
        "rotation" => ("set_angle_degrees", quote_spanned!(value.span()=> #value)),
        "opacity" => ("set_opacity", quote_spanned!(value.span()=> #value)),
        "z_index" => ("set_z_index", quote_spanned!(value.span()=> #value)),
        "active" => ("set_active", quote_spanned!(value.span()=> #value)),
        _ => ("set_tag", quote_spanned!(value.span()=> #value)),
    };
    let method = syn::Ident::new(method, key.span());
    quote_spanned! {value.span()=>
        #w.#method(#node, #arg)?;
    }
}

/// The hidden alias of a prefab's handles type, named after the prefab.
fn ids_alias_ident(name: &syn::Ident) -> syn::Ident {
    format_ident!("__SprigIdsOf{}", name)
}

/// The path of the hidden alias of the handles type of the prefab at `path` (the same
/// module, the last segment renamed).
fn ids_alias_path(path: &syn::Path) -> syn::Path {
    let mut alias = path.clone();
    if let Some(last) = alias.segments.last_mut() {
        last.ident = ids_alias_ident(&last.ident);
        last.arguments = syn::PathArguments::None;
    }
    alias
}
