// Dream Card on the 18-card test game: analyze solves it (every four-card set, the best fifth card).
import "../../fixtures/small_poker.cp"
feature dream_card: chance 5%
