// expect: 4:28: unexpected 'Tenn'
// A control character in the line an error echoes is shown escaped (\x1b), the caret under the mistake.
import "poker.cp"
game "Jacks[2J]0;PWNED" Tenn
