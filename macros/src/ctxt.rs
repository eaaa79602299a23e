//! The error context every phase reports into, after serde_derive's `internals/ctxt.rs`:
//! a mistake does not stop the macro, so one compile shows all of them, each spanned at
//! its own tokens.

use core::cell::RefCell;
use core::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

/// Collects the errors of one macro invocation; [`Ctxt::check`] hands them back once.
#[derive(Default)]
pub struct Ctxt {
    /// Every error reported so far, in the order reported.
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// An empty context.
    pub fn new() -> Self {
        Ctxt::default()
    }

    /// Records an error underlining `tokens` (their first to their last token).
    pub fn error_spanned_by<A: ToTokens, T: Display>(&self, tokens: A, msg: T) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), msg));
    }

    /// Records an error at `span`, for places that have a span but no tokens of their
    /// own (the parentheses around a signature's inputs).
    pub fn error_at<T: Display>(&self, span: Span, msg: T) {
        self.syn_error(syn::Error::new(span, msg));
    }

    /// Records an error produced by syn's parser.
    pub fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// How many errors were reported so far (a phase compares it before and after, to
    /// skip emitting code for an item that had errors).
    pub fn error_count(&self) -> usize {
        self.errors.borrow().len()
    }

    /// All the errors combined into one (each keeps its own span), or `Ok` if none.
    pub fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}
