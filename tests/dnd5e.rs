//! Tests of the dnd5e ruleset, end to end through the binary.
