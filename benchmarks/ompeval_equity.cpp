// OMPEval's exact equity (full enumeration, one thread) of one question, for bench_holdem.py.
// Usage: ompeval_equity REPEATS BOARD DEAD RANGE...  (BOARD, DEAD: card text or "-").
// Prints the best CPU seconds of REPEATS runs, then each player's equity, one line.
// Build: g++ -O3 -march=native -std=c++11 -pthread -I OMPEVAL ompeval_equity.cpp OMPEVAL/omp/*.cpp
#include <omp/EquityCalculator.h>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    if (argc < 6) {
        std::fprintf(stderr, "usage: ompeval_equity REPEATS BOARD DEAD RANGE RANGE...\n");
        return 2;
    }
    int repeats = std::atoi(argv[1]);
    std::string board = argv[2], dead = argv[3];
    std::vector<omp::CardRange> ranges;
    for (int i = 4; i < argc; ++i)
        ranges.emplace_back(argv[i]);
    uint64_t boardMask = board == "-" ? 0 : omp::CardRange::getCardMask(board);
    uint64_t deadMask = dead == "-" ? 0 : omp::CardRange::getCardMask(dead);
    double best = 1e300;
    omp::EquityCalculator::Results results;
    for (int r = 0; r < repeats; ++r) {
        omp::EquityCalculator eq;
        std::clock_t start = std::clock();
        eq.start(ranges, boardMask, deadMask, true, 0, nullptr, 1e9, 1);
        eq.wait();
        double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
        if (seconds < best)
            best = seconds;
        results = eq.getResults();
    }
    std::printf("%.6f", best);
    for (unsigned i = 0; i < results.players; ++i)
        std::printf(" %.9f", results.equity[i]);
    std::printf("\n");
    return 0;
}
