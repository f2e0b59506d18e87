//! Describe: statuses, results and verdicts in words, and the library version. Static
//! strings: never NULL, never freed by the caller, safe from any thread.

use std::ffi::{c_char, CStr};

use super::{RawResult, RawStatus, RawVerdict, TttStatus};
use crate::{Error, Outcome, Player, Verdict};
use TttStatus::*;

/// The statuses that stand for no core `Error`, with their descriptions.
const OWN: [(TttStatus, &CStr); 4] = [
    (TTT_OK, c"ok"),
    (TTT_NULL_POINTER, c"a required pointer argument was NULL"),
    (TTT_BUFFER_TOO_SMALL, c"buffer too small"),
    (TTT_INTERNAL_ERROR, c"internal error (a bug in tictactoe)"),
];

/// A status in a few words: its own text, or the message of the `Error` it stands for.
/// `ttt_status_str`'s text, public for Rust code that passes C's numbers on (the Python
/// binding).
pub fn describe(status: RawStatus) -> &'static CStr {
    let own = OWN.iter().find(|&&(s, _)| s as RawStatus == status).map(|&(_, text)| text);
    let error = || Error::ALL.into_iter().find(|&e| TttStatus::from(e) as RawStatus == status);
    own.or_else(|| error().map(Error::message)).unwrap_or(c"unknown status")
}

/// A status in a few words, e.g. "cell occupied"; "unknown status" for a value outside
/// `TttStatus`.
#[no_mangle]
pub extern "C" fn ttt_status_str(status: RawStatus) -> *const c_char {
    describe(status).as_ptr()
}

/// A result as "Find Winner" answers it: "Pending", "A", "B" or "Draw"; "unknown" for a value
/// outside `TttResult`.
#[no_mangle]
pub extern "C" fn ttt_result_str(result: RawResult) -> *const c_char {
    describe_result(result).as_ptr()
}

/// `ttt_result_str`'s text, for Rust code that passes C's numbers on.
pub fn describe_result(result: RawResult) -> &'static CStr {
    let outcome = match result {
        0 => Outcome::Pending,
        1 => Outcome::Won(Player::X),
        2 => Outcome::Won(Player::O),
        3 => Outcome::Draw,
        _ => return c"unknown",
    };
    outcome.answer_c()
}

/// A verdict in a sentence, e.g. "both players have a line"; "unknown verdict" for a value
/// outside `TttVerdict`.
#[no_mangle]
pub extern "C" fn ttt_verdict_str(verdict: RawVerdict) -> *const c_char {
    describe_verdict(verdict).as_ptr()
}

/// `ttt_verdict_str`'s text, for Rust code that passes C's numbers on.
pub fn describe_verdict(verdict: RawVerdict) -> &'static CStr {
    match Verdict::ALL.get(verdict as usize) {
        Some(v) => v.describe_c(),
        None => c"unknown verdict",
    }
}

/// The library's version, "MAJOR.MINOR.PATCH": `TTT_VERSION_STRING` of the header it was
/// built with.
#[no_mangle]
pub extern "C" fn ttt_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// `ttt_version`'s text, for Rust code that passes the C layer's answers on.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A status that stands for a core error reads as that error's `Display`.
    #[test]
    fn a_status_describes_its_error_in_the_same_words() {
        for e in Error::ALL {
            assert_eq!(describe(TttStatus::from(e) as RawStatus).to_str(), Ok(e.to_string().as_str()));
        }
    }
}
