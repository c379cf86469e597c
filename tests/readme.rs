//! The README's examples are what fray prints: every `$ fray …` in a console block that shows
//! output is run and compared.

use crate::common::*;

/// Splits a command line the way a POSIX shell would for these examples (single quotes only).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn console_examples_print_what_the_readme_shows() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut checked = 0;
    let mut in_console = false;
    let mut current: Option<(String, String)> = None;
    let mut examples = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```console") {
            in_console = true;
            continue;
        }
        if !in_console {
            continue;
        }
        if line.starts_with("```") || line.starts_with("$ ") {
            examples.extend(current.take());
            if line.starts_with("```") {
                in_console = false;
                continue;
            }
            current = Some((line[2..].to_string(), String::new()));
        } else if let Some((_, output)) = &mut current {
            output.push_str(line);
            output.push('\n');
        }
    }
    for (command, mut expected) in examples {
        // A blank line separates two examples in one block.
        while expected.ends_with("\n\n") {
            expected.pop();
        }
        // Pipelines and captures show how to use the output; there is nothing printed to compare.
        if expected.is_empty() || command.contains('|') || command.contains("$(") {
            continue;
        }
        let args = words(&command);
        assert_eq!(args[0], "fray", "{command}");
        let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        assert_eq!(stdout(&args), expected, "README example: {command}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} README examples were checked");
}
