//! `Panel` for `mipidsi` displays (placeholder, being written).
