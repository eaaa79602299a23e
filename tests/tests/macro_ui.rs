//! Compile-fail cases of `#[component]`, `component_set!` and `font!`: one file per misuse in
//! `tests/ui/`, each with the exact compiler output checked in next to it. Regenerate with
//! `TRYBUILD=overwrite cargo test -p sprig-tests --test macro_ui`, then read the diff.

#[test]
fn macro_misuse_is_reported_at_the_offending_tokens() {
    trybuild::TestCases::new().compile_fail("ui/*.rs");
}
