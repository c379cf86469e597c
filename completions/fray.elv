
use builtin;
use str;

set edit:completion:arg-completer[fray] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'fray'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'fray'= {
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand surprise 'Options every command takes, before or after the command name. They are declared on the top-level command and again on each game command (clap''s global propagation copies every option into every subcommand at each start, which costs more than the run itself); [`Global::settled`] combines the two, the later one winning'
            cand distance 'Options every command takes, before or after the command name. They are declared on the top-level command and again on each game command (clap''s global propagation copies every option into every subcommand at each start, which costs more than the run itself); [`Global::settled`] combines the two, the later one winning'
            cand initiative 'Options every command takes, before or after the command name. They are declared on the top-level command and again on each game command (clap''s global propagation copies every option into every subcommand at each start, which costs more than the run itself); [`Global::settled`] combines the two, the later one winning'
            cand reaction 'Options every command takes, before or after the command name. They are declared on the top-level command and again on each game command (clap''s global propagation copies every option into every subcommand at each start, which costs more than the run itself); [`Global::settled`] combines the two, the later one winning'
            cand pursue 'Options every command takes, before or after the command name. They are declared on the top-level command and again on each game command (clap''s global propagation copies every option into every subcommand at each start, which costs more than the run itself); [`Global::settled`] combines the two, the later one winning'
            cand encounter 'Options every command takes, before or after the command name. They are declared on the top-level command and again on each game command (clap''s global propagation copies every option into every subcommand at each start, which costs more than the run itself); [`Global::settled`] combines the two, the later one winning'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages into DIR'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'fray;surprise'= {
            cand --side 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)'
            cand --roster 'Sides and combatants from a YAML file (''-'' reads standard input)'
            cand --ambush 'SIDE attacks from ambush (default monsters): every other side is easier to surprise'
            cand --aware 'SIDE already knows of the others and does not roll (repeatable)'
            cand --stealth 'A hider''s Stealth total, passive or already rolled (5e; repeatable, one per hider)'
            cand --stealth-mod 'A hider who rolls d20 + N now (5e; repeatable)'
            cand --stealth-ties 'How Stealth equal to passive Perception goes (5e)'
            cand --rounds 'Turns of recovery rolls to follow before calling a combatant out of the fight (gurps)'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --roster-example 'Print a commented roster template for this ruleset and command'
            cand --total 'Total surprise: the attacked freeze for 1d seconds (gurps)'
            cand --partial 'Partial surprise: the two leaders roll for initiative (gurps; the default)'
            cand --both-surprised 'Everyone on every side is surprised (5e)'
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;distance'= {
            cand --terrain 'The travel terrain the others are seen across, e.g. forest or hills (5e, 5e2024)'
            cand --audible 'How much noise the others make, for the distance they are heard at (5e)'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --dungeon 'In a dungeon: 2d6 x 10'' (the default)'
            cand --outdoors 'Outdoors: 2d6 x 30'''
            cand --both-surprised 'Both sides are surprised: 1d4 x 10'' (or x 30'' outdoors)'
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;initiative'= {
            cand --side 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)'
            cand --roster 'Sides and combatants from a YAML file (''-'' reads standard input)'
            cand --ties 'How tied sides are settled (ose)'
            cand --wait 'SIDE gives up initiative and acts after the others, reacting (ose; repeatable)'
            cand --variant 'Initiative variant (5e)'
            cand --delay 'NAME acts right after OTHER, at OTHER''s initiative - 1 (wod; NAME:after=OTHER)'
            cand --ready 'NAME''s prepared action fires right before OTHER, at OTHER''s + 1 (wod; NAME:before=OTHER)'
            cand --hold 'NAME gives up its first-round action to act at any moment of round 2 (wod; NAME[:before=OTHER|after=OTHER] places it)'
            cand --swap 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (5e2024; repeatable)'
            cand --surprised 'SIDE is surprised and does not roll (ose; repeatable)'
            cand --rounds 'Rounds to roll (5e speed factor; default 1)'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --roster-example 'Print a commented roster template for this ruleset and command'
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;reaction'= {
            cand --cha 'The speaker''s Charisma score when the party parleys (3-18; ose)'
            cand --cha-mod 'The speaker''s Charisma modifier, given directly (ose)'
            cand --mod 'Any other reaction modifier'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;pursue'= {
            cand --quarry 'The fleeing side''s Speed'
            cand --pursuer 'The pursuing side''s Speed'
            cand --gap 'Starting gap in feet (default: roll the encounter distance)'
            cand --sight 'Pursuers give up once the gap exceeds FEET (lost from view)'
            cand --drop 'The quarry drops treasure or food at a round (default 1): treasure[@ROUND] (repeatable)'
            cand --rounds 'Rounds before the chase is left to the referee (default 10)'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --dungeon 'In a dungeon: 2d6 x 10'' (the default)'
            cand --outdoors 'Outdoors: 2d6 x 30'''
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;encounter'= {
            cand --side 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)'
            cand --roster 'Sides and combatants from a YAML file (''-'' reads standard input)'
            cand --ambush 'SIDE attacks from ambush (default monsters): every other side is easier to surprise'
            cand --aware 'SIDE already knows of the others and does not roll (repeatable)'
            cand --stealth 'A hider''s Stealth total, passive or already rolled (5e; repeatable, one per hider)'
            cand --stealth-mod 'A hider who rolls d20 + N now (5e; repeatable)'
            cand --stealth-ties 'How Stealth equal to passive Perception goes (5e)'
            cand --ties 'How tied sides are settled (ose)'
            cand --wait 'SIDE gives up initiative and acts after the others, reacting (ose; repeatable)'
            cand --variant 'Initiative variant (5e)'
            cand --delay 'NAME acts right after OTHER, at OTHER''s initiative - 1 (wod; NAME:after=OTHER)'
            cand --ready 'NAME''s prepared action fires right before OTHER, at OTHER''s + 1 (wod; NAME:before=OTHER)'
            cand --hold 'NAME gives up its first-round action to act at any moment of round 2 (wod; NAME[:before=OTHER|after=OTHER] places it)'
            cand --swap 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (5e2024; repeatable)'
            cand --cha 'The speaker''s Charisma score when the party parleys (3-18; ose)'
            cand --cha-mod 'The speaker''s Charisma modifier, given directly (ose)'
            cand --mod 'Any other reaction modifier'
            cand --rounds 'Rounds to roll (5e speed factor) or recovery turns to follow (gurps)'
            cand -r 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --rules 'Ruleset: ose (default), gurps, 5e, wod (alias nwod)'
            cand --seed 'Make the run reproducible: the same seed and arguments give the same output'
            cand -f 'Output format: text (default), yaml, json'
            cand --format 'Output format: text (default), yaml, json'
            cand --color 'When to colour text output: auto (default), always, never'
            cand -n 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --repeat 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)'
            cand --roster-example 'Print a commented roster template for this ruleset and command'
            cand --total 'Total surprise: the attacked freeze for 1d seconds (gurps)'
            cand --partial 'Partial surprise: the two leaders roll for initiative (gurps; the default)'
            cand --dungeon 'In a dungeon: 2d6 x 10'' (the default)'
            cand --outdoors 'Outdoors: 2d6 x 30'''
            cand --both-surprised 'Everyone on every side is surprised (5e)'
            cand --reaction 'Roll a reaction too (gurps)'
            cand --odds 'Do not roll: print the exact probability of every outcome'
            cand -q 'Terse text: only the headline result, one line per run'
            cand --quiet 'Terse text: only the headline result, one line per run'
            cand -v 'Print the seed in text output'
            cand --show-seed 'Print the seed in text output'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;man'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'fray;help'= {
            cand surprise 'Who is caught unawares'
            cand distance 'How far apart the sides are when they meet'
            cand initiative 'Who acts first, and the acting order'
            cand reaction 'How the other side reacts'
            cand pursue 'A chase, round by round'
            cand encounter 'The whole encounter sequence in one document'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages into DIR'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'fray;help;surprise'= {
        }
        &'fray;help;distance'= {
        }
        &'fray;help;initiative'= {
        }
        &'fray;help;reaction'= {
        }
        &'fray;help;pursue'= {
        }
        &'fray;help;encounter'= {
        }
        &'fray;help;completions'= {
        }
        &'fray;help;man'= {
        }
        &'fray;help;help'= {
        }
    ]
    $completions[$command]
}
