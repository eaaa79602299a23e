//! Emits the checked items. Generated code names everything by absolute path
//! (`::sprig::…`, `::core::…`) so it means the same wherever it expands.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::check::{Component, Entry, Set, WorldDecl};

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

/// The set's struct (per entry, an array of `Option<Type>` as long as its capacity), its
/// `ComponentSet`, `Dispatch` and `DrawSet` impls, and per entry a check that the entry
/// is a component.
///
/// A handle index `i` belongs to the entry whose range `first..end` holds it; each impl
/// walks the entries with `if i < end` in kind order, which the compiler folds into a
/// few comparisons with constants.
pub fn component_set(set: &Set) -> TokenStream {
    let attrs = &set.attrs;
    let vis = &set.vis;
    let name = &set.name;
    let count = set.entries.len();
    let tys: Vec<_> = set.entries.iter().map(|entry| &entry.ty).collect();
    let fields: Vec<_> = set
        .entries
        .iter()
        .map(|entry| format_ident!("kind_{}", entry.kind))
        .collect();
    let kinds: Vec<_> = set
        .entries
        .iter()
        .map(|entry| Literal::u8_unsuffixed(entry.kind))
        .collect();
    let caps: Vec<TokenStream> = set
        .entries
        .iter()
        .map(|entry| {
            let cap = &entry.capacity;
            quote_spanned!(cap.span()=> ::sprig::__capacity(#cap))
        })
        .collect();
    // `first` and `end` of each entry's handle range, as constant expressions.
    let firsts: Vec<TokenStream> = (0..count)
        .map(|k| {
            let before = &caps[..k];
            quote!((0usize #(+ #before)*))
        })
        .collect();
    let ends: Vec<TokenStream> = (0..count)
        .map(|k| {
            let upto = &caps[..=k];
            quote!((0usize #(+ #upto)*))
        })
        .collect();
    let docs = set.entries.iter().map(|entry| {
        let docs = &entry.docs;
        quote!(#(#docs)*)
    });
    let kind_table = set
        .entries
        .iter()
        .zip(&firsts)
        .zip(&caps)
        .map(|((entry, first), cap)| {
            let ty = &entry.ty;
            quote_spanned! {ty.span()=>
                ::sprig::Kind {
                    name: <#ty as ::sprig::Component>::NAME,
                    execution_order: <#ty as ::sprig::Component>::EXECUTION_ORDER,
                    hooks: <#ty as ::sprig::Component>::HOOKS,
                    first: #first as u16,
                    capacity: #cap as u16,
                    draws: <#ty as ::sprig::render::Draw>::DRAWS,
                    clips: <#ty as ::sprig::render::Draw>::CLIPS,
                },
            }
        });
    // Spanned at each entry, so that an entry that is no component is reported there.
    let call_arms = set
        .entries
        .iter()
        .zip(&fields)
        .zip(firsts.iter().zip(&ends))
        .map(|((entry, field), (first, end))| {
            let ty = &entry.ty;
            quote_spanned! {ty.span()=>
                if index < #end {
                    let at = index - #first;
                    // Empty: its own hook is running. Traced before the component leaves its
                    // slot and tested again right before the move, so that the compiler sees
                    // the emptied slot refilled with nothing read in between and can drop the
                    // write that empties it when the hook does not reach the world.
                    if !::core::matches!(world.set_mut().#field.get(at), ::core::option::Option::Some(::core::option::Option::Some(_))) {
                        return ::core::option::Option::None;
                    }
                    world.before_hook(index as u16, call.hook());
                    let slot = world.set_mut().#field.get_mut(at)?;
                    if slot.is_none() {
                        return ::core::option::Option::None;
                    }
                    let mut data = slot.take()?;
                    let result = ::sprig::dispatch_hook::<#ty>(
                        &mut data,
                        call,
                        &mut ::sprig::Ctx::new(world, index as u16),
                    );
                    if let ::core::option::Option::Some(slot) = world.set_mut().#field.get_mut(at) {
                        *slot = ::core::option::Option::Some(data);
                    }
                    if <#ty as ::sprig::render::Draw>::DRAWS {
                        world.after_drawing_hook(index as u16);
                    }
                    return ::core::option::Option::Some(result);
                }
            }
        });
    // The per-frame hooks: only the types that have the hook get an arm (the test is a
    // constant), each matched by its own range.
    let frame_arms = |hook: &str, method: &str| -> Vec<TokenStream> {
        let hook = format_ident!("{}", hook);
        let method = format_ident!("{}", method);
        set.entries
            .iter()
            .zip(&fields)
            .zip(firsts.iter().zip(&caps))
            .map(|((entry, field), (first, cap))| {
                let ty = &entry.ty;
                quote_spanned! {ty.span()=>
                    if <#ty as ::sprig::Component>::HOOKS.contains(::sprig::Hook::#hook)
                        && index.wrapping_sub(#first) < #cap
                    {
                        let at = index - #first;
                        // Empty: its own hook is running. Traced before the component leaves its
                        // slot and tested again right before the move, so that the compiler sees
                        // the emptied slot refilled with nothing read in between and can drop the
                        // write that empties it when the hook does not reach the world.
                        if !::core::matches!(world.set_mut().#field.get(at), ::core::option::Option::Some(::core::option::Option::Some(_))) {
                            return ::core::option::Option::None;
                        }
                        world.before_hook(index as u16, ::sprig::Hook::#hook);
                        let slot = world.set_mut().#field.get_mut(at)?;
                    if slot.is_none() {
                        return ::core::option::Option::None;
                    }
                    let mut data = slot.take()?;
                        let result = <#ty as ::sprig::Hooks>::#method(
                            &mut data,
                            &mut ::sprig::Ctx::new(world, index as u16),
                            dt_seconds,
                        );
                        if let ::core::option::Option::Some(slot) = world.set_mut().#field.get_mut(at) {
                            *slot = ::core::option::Option::Some(data);
                        }
                        if <#ty as ::sprig::render::Draw>::DRAWS {
                            world.after_drawing_hook(index as u16);
                        }
                        return ::core::option::Option::Some(result);
                    }
                }
            })
            .collect()
    };
    // `on_event`: only the types that have it, like the per-frame hooks.
    let event_arms: Vec<TokenStream> = set
        .entries
        .iter()
        .zip(&fields)
        .zip(firsts.iter().zip(&caps))
        .map(|((entry, field), (first, cap))| {
            let ty = &entry.ty;
            quote_spanned! {ty.span()=>
                if <#ty as ::sprig::Component>::HOOKS.contains(::sprig::Hook::OnEvent)
                    && index.wrapping_sub(#first) < #cap
                {
                    let at = index - #first;
                    // Empty: its own hook is running. Traced before the component leaves its
                    // slot and tested again right before the move, so that the compiler sees
                    // the emptied slot refilled with nothing read in between and can drop the
                    // write that empties it when the hook does not reach the world.
                    if !::core::matches!(world.set_mut().#field.get(at), ::core::option::Option::Some(::core::option::Option::Some(_))) {
                        return ::core::option::Option::None;
                    }
                    world.before_hook(index as u16, ::sprig::Hook::OnEvent);
                    let slot = world.set_mut().#field.get_mut(at)?;
                    if slot.is_none() {
                        return ::core::option::Option::None;
                    }
                    let mut data = slot.take()?;
                    let result = <#ty as ::sprig::Hooks>::on_event(
                        &mut data,
                        &mut ::sprig::Ctx::new(world, index as u16),
                        event,
                    );
                    if let ::core::option::Option::Some(slot) = world.set_mut().#field.get_mut(at) {
                        *slot = ::core::option::Option::Some(data);
                    }
                    if <#ty as ::sprig::render::Draw>::DRAWS {
                        world.after_drawing_hook(index as u16);
                    }
                    return ::core::option::Option::Some(result);
                }
            }
        })
        .collect();
    let update_arms = frame_arms("Update", "update");
    let late_update_arms = frame_arms("LateUpdate", "late_update");
    let by_index = |body: &dyn Fn(&syn::Ident, &syn::Type) -> TokenStream| -> Vec<TokenStream> {
        set.entries
            .iter()
            .zip(&fields)
            .zip(firsts.iter().zip(&ends))
            .map(|((entry, field), (first, end))| {
                let ty = &entry.ty;
                let inner = body(field, ty);
                quote_spanned! {ty.span()=>
                    if index < #end {
                        let slot = self.#field.get(index - #first);
                        #inner
                    }
                }
            })
            .collect()
    };
    let slot_arms =
        by_index(&|_, _| quote!(return slot.map(|slot| slot as &dyn ::core::any::Any);));
    let slot_mut_arms: Vec<TokenStream> = fields
        .iter()
        .zip(firsts.iter().zip(&ends))
        .map(|(field, (first, end))| {
            quote! {
                if index < #end {
                    return self
                        .#field
                        .get_mut(index - #first)
                        .map(|slot| slot as &mut dyn ::core::any::Any);
                }
            }
        })
        .collect();
    let clear_arms: Vec<TokenStream> = fields
        .iter()
        .zip(firsts.iter().zip(&ends))
        .map(|(field, (first, end))| {
            quote! {
                if index < #end {
                    if let ::core::option::Option::Some(slot) = self.#field.get_mut(index - #first) {
                        *slot = ::core::option::Option::None;
                    }
                    return;
                }
            }
        })
        .collect();
    let kind_at_arms = ends
        .iter()
        .zip(&kinds)
        .map(|(end, kind)| quote!(if index < #end { return #kind; }));
    let draw_arms = by_index(&|_, ty| {
        quote! {
            if let ::core::option::Option::Some(::core::option::Option::Some(c)) = slot {
                <#ty as ::sprig::render::Draw>::draw(c, canvas);
            }
            return;
        }
    });
    let appearance_arms = by_index(&|_, ty| {
        quote! {
            return match slot {
                ::core::option::Option::Some(::core::option::Option::Some(c)) => {
                    <#ty as ::sprig::render::Draw>::appearance(c)
                }
                _ => 0,
            };
        }
    });
    let bounds_arms = by_index(&|_, ty| {
        quote! {
            return match slot {
                ::core::option::Option::Some(::core::option::Option::Some(c)) => {
                    <#ty as ::sprig::render::Draw>::local_bounds_with_anchor(c, content, anchor)
                }
                _ => content,
            };
        }
    });
    let key_arms = by_index(&|_, ty| {
        quote! {
            return match slot {
                ::core::option::Option::Some(::core::option::Option::Some(c)) => {
                    <#ty as ::sprig::render::Draw>::damage_key(c)
                }
                _ => 0,
            };
        }
    });
    let area_arms = by_index(&|_, ty| {
        quote! {
            return match slot {
                ::core::option::Option::Some(::core::option::Option::Some(c)) => {
                    <#ty as ::sprig::render::Draw>::changed_area(c, content, previous_key)
                }
                _ => ::core::option::Option::None,
            };
        }
    });
    let clone_arms: Vec<TokenStream> = set
        .entries
        .iter()
        .zip(&fields)
        .zip(firsts.iter().zip(&ends))
        .map(|((entry, field), (first, end))| {
            let ty = &entry.ty;
            quote! {
                if from < #end {
                    if to < #first || to >= #end {
                        return false;
                    }
                    let probe = ::sprig::__clone::Probe::<#ty>(::core::marker::PhantomData);
                    let copy = match self.#field.get(from - #first) {
                        ::core::option::Option::Some(::core::option::Option::Some(value)) => {
                            (&probe).clone_of(value)
                        }
                        _ => ::core::option::Option::None,
                    };
                    let ::core::option::Option::Some(copy) = copy else {
                        return false;
                    };
                    return match self.#field.get_mut(to - #first) {
                        ::core::option::Option::Some(slot) if slot.is_none() => {
                            *slot = ::core::option::Option::Some(copy);
                            true
                        }
                        _ => false,
                    };
                }
            }
        })
        .collect();
    let clones_arms = set.entries.iter().zip(&kinds).map(|(entry, kind)| {
        let ty = &entry.ty;
        quote! {
            if kind == #kind {
                return (&::sprig::__clone::Probe::<#ty>(::core::marker::PhantomData)).clones();
            }
        }
    });
    let members = set.entries.iter().map(|entry| member(name, entry));
    let count_lit = Literal::usize_unsuffixed(count);
    quote! {
        #(#attrs)*
        #vis struct #name {
            #(
                #docs
                #fields: [::core::option::Option<#tys>; #caps],
            )*
            free_heads: [u16; #count_lit],
        }

        impl ::sprig::ComponentSet for #name {
            const KINDS: &'static [::sprig::Kind] = &[#(#kind_table)*];
            const CAPACITY: usize = 0 #(+ #caps)*;

            fn empty() -> Self {
                Self {
                    #(#fields: [const { ::core::option::Option::None }; #caps],)*
                    free_heads: [0; #count_lit],
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

            fn slot(&self, index: u16) -> ::core::option::Option<&dyn ::core::any::Any> {
                let index = usize::from(index);
                #(#slot_arms)*
                ::core::option::Option::None
            }

            fn slot_mut(&mut self, index: u16) -> ::core::option::Option<&mut dyn ::core::any::Any> {
                let index = usize::from(index);
                #(#slot_mut_arms)*
                ::core::option::Option::None
            }

            fn clear(&mut self, index: u16) {
                let index = usize::from(index);
                #(#clear_arms)*
            }

            fn free_heads(&mut self) -> &mut [u16] {
                &mut self.free_heads
            }

            fn kind_clones(kind: u8) -> bool {
                #[allow(unused_imports)]
                use ::sprig::__clone::{CloneNo as _, CloneYes as _};
                #(#clones_arms)*
                false
            }

            fn clone_slot(&mut self, from: u16, to: u16) -> bool {
                #[allow(unused_imports)]
                use ::sprig::__clone::{CloneNo as _, CloneYes as _};
                let (from, to) = (usize::from(from), usize::from(to));
                #(#clone_arms)*
                false
            }

            #[inline]
            fn kind_at(index: u16) -> u8 {
                let index = usize::from(index);
                #(#kind_at_arms)*
                0
            }
        }

        impl ::sprig::Dispatch for #name {
            #[inline]
            fn call<__SprigWorld: ::sprig::SetHost<Self>>(
                world: &mut __SprigWorld,
                index: u16,
                call: ::sprig::HookCall,
            ) -> ::core::option::Option<::sprig::HookResult> {
                let index = usize::from(index);
                #(#call_arms)*
                ::core::option::Option::None
            }

            #[inline]
            fn update<__SprigWorld: ::sprig::SetHost<Self>>(
                world: &mut __SprigWorld,
                index: u16,
                dt_seconds: f32,
            ) -> ::core::option::Option<::sprig::HookResult> {
                let index = usize::from(index);
                #(#update_arms)*
                ::core::option::Option::None
            }

            #[inline]
            fn late_update<__SprigWorld: ::sprig::SetHost<Self>>(
                world: &mut __SprigWorld,
                index: u16,
                dt_seconds: f32,
            ) -> ::core::option::Option<::sprig::HookResult> {
                let index = usize::from(index);
                #(#late_update_arms)*
                ::core::option::Option::None
            }

            #[inline]
            fn event<__SprigWorld: ::sprig::SetHost<Self>>(
                world: &mut __SprigWorld,
                index: u16,
                event: &mut ::sprig::Event<'_>,
            ) -> ::core::option::Option<::sprig::HookResult> {
                let index = usize::from(index);
                #(#event_arms)*
                ::core::option::Option::None
            }
        }

        impl ::sprig::render::DrawSet for #name {
            fn draw<C: ::sprig::render::RenderColor>(
                &self,
                index: u16,
                canvas: &mut ::sprig::render::Canvas<'_, C>,
            ) {
                let index = usize::from(index);
                #(#draw_arms)*
            }

            fn appearance(&self, index: u16) -> u32 {
                let index = usize::from(index);
                #(#appearance_arms)*
                0
            }

            fn local_bounds(
                &self,
                index: u16,
                content: ::sprig::Rect,
                anchor: ::sprig::Vec2,
            ) -> ::sprig::Rect {
                let index = usize::from(index);
                #(#bounds_arms)*
                content
            }

            fn damage_key(&self, index: u16) -> u64 {
                let index = usize::from(index);
                #(#key_arms)*
                0
            }

            fn changed_area(
                &self,
                index: u16,
                content: ::sprig::Rect,
                previous_key: u64,
            ) -> ::core::option::Option<::sprig::Rect> {
                let index = usize::from(index);
                #(#area_arms)*
                ::core::option::Option::None
            }
        }

        #(#members)*
    }
}

/// The world's set, then the alias with its capacities (the component capacity is the
/// set's total, so the user never writes it).
pub fn world(decl: &WorldDecl) -> TokenStream {
    let set_name = &decl.set.name;
    let alias = &decl.name;
    let vis = &decl.set.vis;
    let attrs = &decl.attrs;
    let doc = format!("The component set of [`{alias}`]: per component type, its slots.");
    let set = component_set(&Set {
        attrs: vec![syn::parse_quote!(#[doc = #doc])],
        vis: decl.set.vis.clone(),
        name: decl.set.name.clone(),
        entries: decl
            .set
            .entries
            .iter()
            .map(|entry| Entry {
                docs: entry.docs.clone(),
                ty: entry.ty.clone(),
                capacity: entry.capacity.clone(),
                kind: entry.kind,
            })
            .collect(),
    });
    let nodes = &decl.nodes;
    let or_default = |value: &Option<syn::Expr>, default: TokenStream| match value {
        Some(value) => quote!({ ::sprig::__capacity(#value) }),
        None => default,
    };
    let timers = or_default(&decl.timers, quote!({ ::sprig::DEFAULT_TIMER_CAPACITY }));
    let events = or_default(&decl.events, quote!({ ::sprig::DEFAULT_EVENT_CAPACITY }));
    let trace = or_default(&decl.trace, quote!({ ::sprig::DEFAULT_TRACE_CAPACITY }));
    let listeners = or_default(
        &decl.listeners,
        quote!({ ::sprig::DEFAULT_LISTENER_CAPACITY }),
    );
    quote! {
        #set

        #(#attrs)*
        #vis type #alias = ::sprig::World<
            #set_name,
            { ::sprig::__capacity(#nodes) },
            { <#set_name as ::sprig::ComponentSet>::CAPACITY },
            #timers,
            #events,
            #trace,
            #listeners,
        >;
    }
}

/// The check that an entry is a component, spanned at the entry so that rustc
/// underlines it, reading `NAME` exactly as the kind table does, so that rustc folds the
/// identical errors into one.
/// Also the entry's `sprig::Holds` impl, which `scene!` reads its capacity from.
fn member(set: &syn::Ident, entry: &Entry) -> TokenStream {
    let ty = &entry.ty;
    let cap = &entry.capacity;
    let check = quote_spanned! {ty.span()=>
        const _: &str = <#ty as ::sprig::Component>::NAME;
    };
    quote! {
        #check

        impl ::sprig::Holds<#ty> for #set {
            const CAPACITY: usize = ::sprig::__capacity(#cap);
        }
    }
}
