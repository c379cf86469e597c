//! Tests of the gurps ruleset, end to end through the binary.
