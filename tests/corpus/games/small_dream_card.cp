// Dream Card on the 18-card test game: a feature the commands do not solve yet (they say so).
import "../../fixtures/small_poker.cp"
feature dream_card: chance 5%
