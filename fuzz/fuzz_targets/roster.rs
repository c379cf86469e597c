//! Any text as a YAML roster, for every ruleset: a located data error, never a panic.
#![no_main]

use fray::rules::Ruleset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for rules in Ruleset::ALL {
        if let Err(err) = fray::roster::parse(text, "r.yaml", &fray::commands::schema(rules), &[]) {
            assert!(err.to_string().contains("r.yaml"));
            assert_eq!(err.exit_code(), 1);
        }
    }
});
