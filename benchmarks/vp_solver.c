/* An independent native peer for benchmarks/bench_videopoker.py: 9/6 Jacks or Better under
 * optimal play, every one of the 2,598,960 deals x 32 holds, no suit symmetry.
 *
 *   gcc -O2 -fopenmp -o vp_solver vp_solver.c && OMP_NUM_THREADS=2 ./vp_solver [9/6|8/5] [5 cards]
 *
 * Card c = 4 * face + suit (face 0 = deuce .. 12 = ace).  Its own hand evaluator (face counts,
 * flush, straight) gives every hand's pay; table[j][S] = total pay of the hands containing the
 * j-subset S (colex rank), built top-down (a j-subset's hands are shared by its 5 - j one-card
 * extensions); a deal's 32 holds by inclusion-exclusion over the subsets of the deal.  Prints
 * one JSON line: the return, seconds, and with a deal given its best hold and EV.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 52
static long long binom[N + 1][6];
static int *table[6]; /* table[j][rank]: total pay (units) of hands containing the j-subset */
static int pays[10];  /* by category: 0 royal .. 8 jacks or better, 9 nothing */

static void init_binom(void) {
    for (int n = 0; n <= N; n++)
        for (int k = 0; k <= 5; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
}

static inline long long rank(const int *cards, int k) { /* sorted cards */
    long long r = 0;
    for (int i = 0; i < k; i++) r += binom[cards[i]][i + 1];
    return r;
}

static int category(const int *c) {
    int counts[13] = {0}, flush = 1, distinct = 0, mask = 0;
    for (int i = 0; i < 5; i++) {
        counts[c[i] >> 2]++;
        mask |= 1 << (c[i] >> 2);
        if ((c[i] & 3) != (c[0] & 3)) flush = 0;
    }
    int most = 0, pairs = 0, high_pair = 0;
    for (int f = 0; f < 13; f++) {
        if (counts[f]) distinct++;
        if (counts[f] > most) most = counts[f];
        if (counts[f] == 2) { pairs++; if (f >= 9) high_pair = 1; }
    }
    int straight = 0, low = 0;
    if (distinct == 5) {
        while (!(mask >> low & 1)) low++;
        straight = (mask >> low) == 31 || mask == 0x100F; /* a run, or A-2-3-4-5 */
    }
    if (flush && straight) return low == 8 ? 0 : 1;
    if (most == 4) return 2;
    if (most == 3 && pairs == 1) return 3;
    if (flush) return 4;
    if (straight) return 5;
    if (most == 3) return 6;
    if (pairs == 2) return 7;
    if (high_pair) return 8;
    return 9;
}

static void build_tables(void) {
    for (int j = 0; j <= 5; j++) table[j] = calloc(binom[N][j], sizeof(int));
#pragma omp parallel for schedule(dynamic, 1)
    for (int e = 4; e < N; e++) {
        int c[5];
        c[4] = e;
        for (c[3] = 3; c[3] < e; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++) table[5][rank(c, 5)] = pays[category(c)];
    }
    for (int j = 4; j >= 0; j--) {
        long long size = binom[N][j];
#pragma omp parallel for schedule(static)
        for (long long r = 0; r < size; r++) {
            /* unrank r into the j-subset s (colex), then sum its one-card extensions */
            int s[5], t[5];
            long long rest = r;
            for (int i = j - 1, m = N - 1; i >= 0; i--) {
                while (binom[m][i + 1] > rest) m--;
                s[i] = m;
                rest -= binom[m][i + 1];
            }
            long long total = 0;
            for (int x = 0; x < N; x++) {
                int k = 0, placed = 0, dup = 0;
                for (int i = 0; i < j; i++) {
                    if (s[i] == x) dup = 1;
                    if (!placed && x < s[i]) { t[k++] = x; placed = 1; }
                    t[k++] = s[i];
                }
                if (dup) continue;
                if (!placed) t[k++] = x;
                total += table[j + 1][rank(t, j + 1)];
            }
            table[j][r] = (int)(total / (5 - j));
        }
    }
}

/* EV (in pay units) of the 32 holds of a sorted deal; bit i = card i held. */
static void hold_values(const int *deal, double *ev) {
    long long v[32];
    for (int m = 0; m < 32; m++) {
        int held[5], k = 0;
        for (int i = 0; i < 5; i++)
            if (m >> i & 1) held[k++] = deal[i];
        v[m] = table[k][rank(held, k)];
    }
    for (int i = 0; i < 5; i++) /* superset Moebius: hands containing the hold, avoiding the rest */
        for (int m = 0; m < 32; m++)
            if (!(m >> i & 1)) v[m] -= v[m | 1 << i];
    for (int m = 0; m < 32; m++) ev[m] = (double)v[m] / binom[N - 5][5 - __builtin_popcount(m)];
}

static int parse_card(const char *text) {
    const char *faces = "23456789TJQKA", *suits = "hdcs";
    const char *f = strchr(faces, text[0]), *s = strchr(suits, text[1]);
    if (!f || !s || text[0] == 0) { fprintf(stderr, "bad card %s\n", text); exit(2); }
    return 4 * (int)(f - faces) + (int)(s - suits);
}

int main(int argc, char **argv) {
    int nine_six[10] = {800, 50, 25, 9, 6, 4, 3, 2, 1, 0}, eight_five[10] = {800, 50, 25, 8, 5, 4, 3, 2, 1, 0};
    memcpy(pays, argc > 1 && strcmp(argv[1], "8/5") == 0 ? eight_five : nine_six, sizeof pays);
    double start = omp_get_wtime();
    init_binom();
    build_tables();
    if (argc == 7) { /* one deal */
        int deal[5];
        for (int i = 0; i < 5; i++) deal[i] = parse_card(argv[2 + i]);
        for (int i = 1; i < 5; i++) /* insertion sort */
            for (int k = i; k > 0 && deal[k] < deal[k - 1]; k--) { int t = deal[k]; deal[k] = deal[k - 1]; deal[k - 1] = t; }
        double ev[32];
        hold_values(deal, ev);
        int best = 0;
        for (int m = 1; m < 32; m++) if (ev[m] > ev[best]) best = m;
        printf("{\"best_hold_mask\": %d, \"ev\": %.9f, \"seconds\": %.4f}\n", best, ev[best], omp_get_wtime() - start);
        return 0;
    }
    double total = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : total)
    for (int e = 4; e < N; e++) {
        int c[5];
        double ev[32];
        c[4] = e;
        for (c[3] = 3; c[3] < e; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++) {
                        hold_values(c, ev);
                        double best = ev[0];
                        for (int m = 1; m < 32; m++) if (ev[m] > best) best = ev[m];
                        total += best;
                    }
    }
    printf("{\"return\": %.9f, \"deals\": %lld, \"threads\": %d, \"seconds\": %.4f}\n", total / binom[N][5],
           binom[N][5], omp_get_max_threads(), omp_get_wtime() - start);
    return 0;
}
