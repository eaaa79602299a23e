//! What an app's `main` returns when a run fails, so the user reads a sentence.

use std::fmt;

/// A failed run, as a sentence for the person who started it.
///
/// Its `Debug` is the sentence itself, so `fn main() -> Result<(), AppError>` ends a
/// failed run with `Error: <sentence>` on standard error and exit status 1, not a quoted
/// string. Anything that reads as a message converts with `?`.
///
/// ```
/// use sprig_sim::AppError;
///
/// fn read(path: &str) -> Result<String, AppError> {
///     std::fs::read_to_string(path).map_err(|e| AppError::from(format!("{path}: {e}")))
/// }
///
/// let error = read("no/such/file.txt").unwrap_err();
/// assert!(format!("{error:?}").starts_with("no/such/file.txt: "));
/// ```
pub struct AppError(String);

impl fmt::Debug for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AppError {}

impl From<String> for AppError {
    fn from(message: String) -> Self {
        AppError(message)
    }
}

impl From<&str> for AppError {
    fn from(message: &str) -> Self {
        AppError(message.to_owned())
    }
}

impl From<sprig::Error> for AppError {
    fn from(error: sprig::Error) -> Self {
        AppError(error.to_string())
    }
}

impl From<std::io::Error> for AppError {
    fn from(error: std::io::Error) -> Self {
        AppError(error.to_string())
    }
}
