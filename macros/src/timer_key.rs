//! `#[derive(TimerKey)]`: a fieldless enum as a component's timer keys. Small enough to
//! hold its three phases in one file: read the enum, check that every variant is a bare
//! name (and that there are at most 65 536), emit `sprig::TimerKey` with each variant's
//! index in declaration order as its key.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Fields, Item};

use crate::ctxt::Ctxt;

/// Expands the derive; mistakes go to `ctxt`, each at its tokens.
pub fn derive(ctxt: &Ctxt, input: TokenStream) -> TokenStream {
    let item: Item = match syn::parse2(input) {
        Ok(item) => item,
        Err(err) => {
            ctxt.syn_error(err);
            return TokenStream::new();
        }
    };
    let data = match &item {
        Item::Enum(data) => data,
        Item::Struct(s) => return not_an_enum(ctxt, &s.ident),
        Item::Union(u) => return not_an_enum(ctxt, &u.ident),
        other => {
            ctxt.error_spanned_by(other, "`TimerKey` is derived for a fieldless enum");
            return TokenStream::new();
        }
    };
    let input = data;
    if !input.generics.params.is_empty() {
        ctxt.error_spanned_by(
            &input.generics,
            "a `TimerKey` enum takes no generic parameters",
        );
    }
    if data.variants.is_empty() {
        ctxt.error_spanned_by(&input.ident, "a `TimerKey` enum needs at least one variant");
    }
    if data.variants.len() > usize::from(u16::MAX) + 1 {
        ctxt.error_spanned_by(
            &input.ident,
            "a `TimerKey` enum has at most 65 536 variants",
        );
    }
    let mut fields = false;
    for variant in &data.variants {
        if !matches!(variant.fields, Fields::Unit) {
            fields = true;
            ctxt.error_spanned_by(
                &variant.fields,
                format_args!(
                    "`{}` has fields; a `TimerKey` variant is a bare name",
                    variant.ident
                ),
            );
        }
    }
    if fields {
        // An impl over variants with fields would only add the compiler's own errors.
        return TokenStream::new();
    }
    let ident = &input.ident;
    let variants: Vec<_> = data.variants.iter().map(|v| &v.ident).collect();
    let keys: Vec<u16> = (0..variants.len())
        .map(|k| u16::try_from(k).unwrap_or(u16::MAX))
        .collect();
    quote! {
        impl ::sprig::TimerKey for #ident {
            fn to_key(self) -> ::core::option::Option<u16> {
                ::core::option::Option::Some(match self {
                    #( #ident::#variants => #keys, )*
                })
            }

            fn from_key(key: u16) -> ::core::option::Option<Self> {
                match key {
                    #( #keys => ::core::option::Option::Some(#ident::#variants), )*
                    _ => ::core::option::Option::None,
                }
            }
        }
    }
}

/// The error for a struct or a union: a timer key is one of a few names.
fn not_an_enum(ctxt: &Ctxt, ident: &syn::Ident) -> TokenStream {
    ctxt.error_spanned_by(
        ident,
        "`TimerKey` is derived for a fieldless enum (one variant per timer), not for a struct or union",
    );
    TokenStream::new()
}
