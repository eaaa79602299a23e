//! Emits the checked items. Generated code names everything by absolute path
//! (`::sprig::…`, `::core::…`) so it means the same wherever it expands.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::check::{Component, Entry, Set};

/// The impl block, then the `Component` impl with the constants `check` derived.
pub fn component(component: &Component) -> TokenStream {
    let item = &component.item;
    let Some(constants) = &component.constants else {
        return item.clone();
    };
    let cfgs = &constants.cfgs;
    let self_ty = &constants.self_ty;
    let name = &constants.name;
    let order = Literal::i16_unsuffixed(constants.execution_order);
    let hooks = constants
        .hooks
        .iter()
        .map(|hook| format_ident!("{}", hook.variant()));
    let (impl_generics, _, where_clause) = constants.generics.split_for_impl();
    // Without `#[component(draw)]` the type draws nothing: it gets the empty impl.
    let draw = (!constants.draws).then(|| {
        quote! {
            #(#cfgs)*
            impl #impl_generics ::sprig::render::Draw for #self_ty #where_clause {}
        }
    });
    quote! {
        #item

        #(#cfgs)*
        impl #impl_generics ::sprig::Component for #self_ty #where_clause {
            const NAME: &'static str = #name;
            const EXECUTION_ORDER: i16 = #order;
            const HOOKS: ::sprig::HookMask =
                ::sprig::HookMask::NONE #(.with(::sprig::Hook::#hooks))*;
        }

        #draw
    }
}

/// The enum, its `ComponentSet` and `Dispatch` impls, and per entry `Has`, `From` and a
/// check that the entry is a component.
pub fn component_set(set: &Set) -> TokenStream {
    let attrs = &set.attrs;
    let vis = &set.vis;
    let enum_token = &set.enum_token;
    let name = &set.name;
    let variants: Vec<_> = set.entries.iter().map(|entry| &entry.variant).collect();
    let tys: Vec<_> = set.entries.iter().map(|entry| &entry.ty).collect();
    let kinds: Vec<_> = set
        .entries
        .iter()
        .map(|entry| Literal::u8_unsuffixed(entry.kind))
        .collect();
    let docs = set.entries.iter().map(variant_docs);
    // Spanned at each entry, so that an entry that is no component is reported there.
    let call_arms = set.entries.iter().map(|Entry { variant, ty, .. }| {
        quote_spanned!(ty.span()=> Self::#variant(c) => ::sprig::dispatch_hook::<#ty>(c, call, ctx),)
    });
    let members = set.entries.iter().map(|entry| member(name, entry));
    // Spanned at each entry, so that an entry that is no component is reported there.
    let draw_arms = set.entries.iter().map(|Entry { variant, ty, .. }| {
        quote_spanned!(ty.span()=> Self::#variant(ref c) => <#ty as ::sprig::render::Draw>::draw(c, canvas),)
    });
    let appearance_arms = set.entries.iter().map(|Entry { variant, ty, .. }| {
        quote_spanned!(ty.span()=> Self::#variant(ref c) => <#ty as ::sprig::render::Draw>::appearance(c),)
    });
    let bounds_arms = set.entries.iter().map(|Entry { variant, ty, .. }| {
        quote_spanned!(ty.span()=> Self::#variant(ref c) => <#ty as ::sprig::render::Draw>::local_bounds(c, content),)
    });
    let draws_arms = set.entries.iter().zip(&kinds).map(|(Entry { ty, .. }, kind)| {
        quote_spanned!(ty.span()=> #kind => <#ty as ::sprig::render::Draw>::DRAWS,)
    });
    let clips_arms = set.entries.iter().zip(&kinds).map(|(Entry { ty, .. }, kind)| {
        quote_spanned!(ty.span()=> #kind => <#ty as ::sprig::render::Draw>::CLIPS,)
    });
    quote! {
        #(#attrs)*
        #vis #enum_token #name {
            #(
                #docs
                #variants(#tys),
            )*
        }

        impl ::sprig::ComponentSet for #name {
            fn kind(&self) -> u8 {
                match *self {
                    #(Self::#variants(_) => #kinds,)*
                }
            }

            fn kind_name(kind: u8) -> &'static str {
                match kind {
                    #(#kinds => <#tys as ::sprig::Component>::NAME,)*
                    _ => "",
                }
            }

            fn kind_order(kind: u8) -> i16 {
                match kind {
                    #(#kinds => <#tys as ::sprig::Component>::EXECUTION_ORDER,)*
                    _ => 0,
                }
            }

            fn kind_hooks(kind: u8) -> ::sprig::HookMask {
                match kind {
                    #(#kinds => <#tys as ::sprig::Component>::HOOKS,)*
                    _ => ::sprig::HookMask::NONE,
                }
            }

            fn kind_of<T: 'static>() -> ::core::option::Option<u8> {
                let id = ::core::any::TypeId::of::<T>();
                #(
                    if id == ::core::any::TypeId::of::<#tys>() {
                        return ::core::option::Option::Some(#kinds);
                    }
                )*
                ::core::option::Option::None
            }

            fn as_any(&self) -> &dyn ::core::any::Any {
                match self {
                    #(Self::#variants(c) => c,)*
                }
            }

            fn as_any_mut(&mut self) -> &mut dyn ::core::any::Any {
                match self {
                    #(Self::#variants(c) => c,)*
                }
            }

            fn take_component<T: 'static>(
                component: &mut ::core::option::Option<T>,
            ) -> ::core::option::Option<Self> {
                let any: &mut dyn ::core::any::Any = component;
                #(
                    if let ::core::option::Option::Some(slot) =
                        any.downcast_mut::<::core::option::Option<#tys>>()
                    {
                        return slot.take().map(Self::#variants);
                    }
                )*
                ::core::option::Option::None
            }
        }

        impl ::sprig::Dispatch for #name {
            #[inline]
            fn call(
                &mut self,
                call: ::sprig::HookCall,
                ctx: &mut ::sprig::Ctx<impl ::sprig::AnyWorld>,
            ) -> ::sprig::HookResult {
                match self {
                    #(#call_arms)*
                }
            }
        }

        impl ::sprig::render::DrawSet for #name {
            fn kind_draws(kind: u8) -> bool {
                match kind {
                    #(#draws_arms)*
                    _ => false,
                }
            }

            fn kind_clips(kind: u8) -> bool {
                match kind {
                    #(#clips_arms)*
                    _ => false,
                }
            }

            fn draw<C: ::sprig::render::RenderColor>(
                &self,
                canvas: &mut ::sprig::render::Canvas<'_, C>,
            ) {
                match *self {
                    #(#draw_arms)*
                }
            }

            fn appearance(&self) -> u32 {
                match *self {
                    #(#appearance_arms)*
                }
            }

            fn local_bounds(&self, content: ::sprig::Rect) -> ::sprig::Rect {
                match *self {
                    #(#bounds_arms)*
                }
            }
        }

        #(#members)*
    }
}

/// An entry's doc comments, or a generated one (a `pub` set's variants need docs where
/// `missing_docs` is denied).
fn variant_docs(entry: &Entry) -> TokenStream {
    if entry.docs.is_empty() {
        let doc = format!("A `{}` component.", entry.ty_text);
        quote!(#[doc = #doc])
    } else {
        let docs = &entry.docs;
        quote!(#(#docs)*)
    }
}

/// `Has` and `From` for one entry, and the check that it is a component. The check is
/// spanned at the entry so that rustc underlines it, and reads `NAME` exactly as
/// `kind_name` does, so that rustc folds the two identical errors into one.
fn member(set: &syn::Ident, entry: &Entry) -> TokenStream {
    let Entry { variant, ty, .. } = entry;
    let must_be_component = quote_spanned! {ty.span()=>
        const _: &str = <#ty as ::sprig::Component>::NAME;
    };
    quote! {
        impl ::sprig::Has<#ty> for #set {
            #[allow(unreachable_patterns)]
            fn get(&self) -> ::core::option::Option<&#ty> {
                match self {
                    Self::#variant(c) => ::core::option::Option::Some(c),
                    _ => ::core::option::Option::None,
                }
            }

            #[allow(unreachable_patterns)]
            fn get_mut(&mut self) -> ::core::option::Option<&mut #ty> {
                match self {
                    Self::#variant(c) => ::core::option::Option::Some(c),
                    _ => ::core::option::Option::None,
                }
            }
        }

        impl ::core::convert::From<#ty> for #set {
            fn from(c: #ty) -> Self {
                Self::#variant(c)
            }
        }

        #must_be_component
    }
}
