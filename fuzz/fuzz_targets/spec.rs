//! Any text as an inline side or combatant, for every ruleset: an error, never a panic.
#![no_main]

use fray::cast::{Owner, parse_inline};
use fray::rulesets::RULESETS;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for rules in RULESETS {
        for owner in [Owner::Side, Owner::Combatant] {
            if let Err(err) = parse_inline(&text, owner, &rules.keys) {
                assert!(!err.to_string().contains('\n'));
                assert_eq!(err.exit_code(), 2);
            }
        }
    }
});
