//! Test support for Sprig's cross-crate tests.
