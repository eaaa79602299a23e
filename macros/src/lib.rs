//! Procedural macros of Sprig.
//!
//! Empty for now: `#[component(execution_order = N)]` and the component-set declaration
//! arrive with the lifecycle engine (issue 3), split into `parse`, `check` and `codegen`
//! modules as `shared/STYLE.md` describes.
#![forbid(unsafe_code)]
