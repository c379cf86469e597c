//! Any text as a YAML roster, for every ruleset: a located data error or a roster, never a
//! panic, and never slow (libFuzzer's -timeout catches a parser that goes quadratic again, as
//! it did on deep nesting after an apostrophe; see seeds/roster/deep_after_apostrophe.yaml).
#![no_main]

use fray::rulesets::RULESETS;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for rules in RULESETS {
        if let Err(err) = fray::roster::parse(text, "r.yaml", &rules.keys, &[]) {
            let message = err.to_string();
            assert!(message.starts_with("r.yaml") || message.contains("the roster r.yaml"), "{message}");
            assert!(!message.contains('\n'), "{message}");
            assert_eq!(err.exit_code(), 1);
        }
    }
});
