// Multi-Strike on Full Pay Deuces Wild: four levels paying 1x, 2x, 4x and 8x; Free Ride chances
// 8.25 %, 7.80 %, 7.80 % on levels 1-3.  Figures to reach (Wizard of Odds, Multi-Strike appendix):
// the top level 8 x 1.00762, level 4 worth 8.060957.

import "deuces_wild.cp"

game "Multi-Strike Deuces Wild"
feature multi_strike: levels (1, 2, 4, 8), free_ride (8.25%, 7.80%, 7.80%)
