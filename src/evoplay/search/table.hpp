#pragma once
// A transposition table: what earlier searches learned about positions, by hash.
//
// Why it exists: the same position is reached by many move orders; its value (or a bound on it)
// and its best move are stored once and reused. Entries are 16 bytes (full 64-bit key, value,
// depth, bound type, best move, generation), four to a 64-byte bucket (one cache line). A new
// entry replaces the bucket's entry with the least `depth - 4 * age`: deep results and recent
// searches are kept. clear() is O(1): it starts a new generation and entries of older ones stop
// counting; new_search() starts a new generation whose older entries still count (but age).

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "evoplay/search/game.hpp"

namespace evoplay::search {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

template <class Move>
class TranspositionTable {
 public:
  static_assert(std::is_trivially_copyable_v<Move> && sizeof(Move) <= 2);

  struct Entry {
    std::uint64_t key;
    std::int16_t value;
    std::uint16_t generation;
    std::uint8_t depth;
    std::uint8_t flags;  // bits 0-1: Bound; bit 2: has a move
    Move move;

    Bound bound() const { return static_cast<Bound>(flags & 3); }
    bool has_move() const { return (flags & 4) != 0; }
  };
  static_assert(sizeof(Entry) <= 16);
  static constexpr int kWays = 4;
  struct alignas(64) Bucket {
    Entry entries[kWays];
  };

  /// A table of about `mebibytes` MiB (rounded down to a power of two of buckets, at least 2).
  explicit TranspositionTable(double mebibytes = 16) { resize(mebibytes); }

  void resize(double mebibytes) {
    const double bytes = std::max(mebibytes, 0.0) * 1024.0 * 1024.0;
    std::uint64_t buckets = 2;
    while (static_cast<double>(buckets * 2 * sizeof(Bucket)) <= bytes) buckets *= 2;
    buckets_ = allocate(buckets);
    shift_ = 64 - std::countr_zero(buckets);
    count_ = buckets;
    generation_ = 1;
    valid_from_ = 1;
  }

  std::uint64_t buckets() const { return count_; }
  double mebibytes() const {
    return static_cast<double>(count_ * sizeof(Bucket)) / (1024.0 * 1024.0);
  }

  /// Forget everything (O(1)).
  void clear() {
    advance();
    valid_from_ = generation_;
  }
  /// A new search: older entries stay valid but are replaced first.
  void new_search() { advance(); }

  /// The entry of `key`, or nullptr.
  const Entry* probe(std::uint64_t key) const {
    const Bucket& b = buckets_[index(key)];
    for (const Entry& e : b.entries) {
      if (e.key == key && valid(e)) return &e;
    }
    return nullptr;
  }

  /// Starts loading the bucket of `key` into the cache (a hint; no effect on results).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[index(key)]); }

  /// Records a result; `value` must fit in 16 bits (engine scores do).
  void store(std::uint64_t key, Score value, int depth, Bound bound, const Move* move) {
    assert(value >= -32767 && value <= 32767);
    Bucket& b = buckets_[index(key)];
    Entry* victim = &b.entries[0];
    int victim_worth = 1 << 30;
    for (Entry& e : b.entries) {
      if (e.key == key && valid(e)) {
        victim = &e;
        break;
      }
      const int worth = valid(e) ? e.depth - 4 * static_cast<int>(age(e)) : -(1 << 20);
      if (worth < victim_worth) {
        victim_worth = worth;
        victim = &e;
      }
    }
    const bool keep_move =
        move == nullptr && victim->key == key && valid(*victim) && victim->has_move();
    victim->key = key;
    victim->value = static_cast<std::int16_t>(value);
    victim->generation = generation_;
    victim->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    victim->flags = static_cast<std::uint8_t>(static_cast<int>(bound) |
                                              ((move != nullptr || keep_move) ? 4 : 0));
    if (move != nullptr) victim->move = *move;
  }

  /// Share of a sample of entries written in the current search, in per mille.
  int hashfull() const {
    const std::uint64_t sample = std::min<std::uint64_t>(count_, 250);
    int used = 0;
    for (std::uint64_t i = 0; i < sample; ++i) {
      for (const Entry& e : buckets_[i].entries)
        used += (e.flags != 0 && e.generation == generation_);
    }
    return static_cast<int>(used * 1000 / (sample * kWays));
  }

 private:
  std::uint64_t index(std::uint64_t key) const { return (key * 0x9E3779B97F4A7C15ULL) >> shift_; }
  // Generations only grow between wipes, so "written since the last clear" is a comparison.
  bool valid(const Entry& e) const { return e.generation >= valid_from_; }
  std::uint16_t age(const Entry& e) const {
    return static_cast<std::uint16_t>(generation_ - e.generation);
  }
  void advance() {
    if (generation_ == 0xFFFF) {  // wrap: wipe for real, once every 65535 searches
      std::memset(static_cast<void*>(buckets_.get()), 0, count_ * sizeof(Bucket));
      generation_ = 1;
      valid_from_ = 1;
      return;
    }
    ++generation_;
  }

  // The table's memory: zeroed, 64-byte aligned, and for tables of 2 MiB or more aligned to
  // 2 MiB and asked to live on huge pages, so that probes scattered over the table do not each
  // miss the TLB. On Linux it comes straight from mmap (zero pages: no memset) and each page is
  // touched once here, so that no search pays for a first touch (a time-limited one would pay
  // it in the middle of a move). Throws std::bad_alloc when the system refuses the memory or the
  // table would be larger than the machine's physical memory.
  class Storage {
   public:
    Storage() = default;
    explicit Storage(std::size_t bytes) {
      if (bytes > physical_memory()) throw std::bad_alloc();
#if defined(__linux__)
      constexpr std::size_t kHuge = std::size_t{2} << 20;
      const std::size_t page = 4096;
      const std::size_t align = bytes >= kHuge ? kHuge : page;
      const std::size_t length = (bytes + page - 1) / page * page;
      const std::size_t mapped = length + align - page;  // room to slide to an aligned start
      void* base =
          mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base == MAP_FAILED) throw std::bad_alloc();
      const auto b = reinterpret_cast<std::uintptr_t>(base);
      const std::uintptr_t start = (b + align - 1) / align * align;
      if (start > b) munmap(base, start - b);
      if (b + mapped > start + length)
        munmap(reinterpret_cast<void*>(start + length), b + mapped - (start + length));
      data_ = reinterpret_cast<Bucket*>(start);
      length_ = length;
#if defined(MADV_HUGEPAGE)
      if (align == kHuge) madvise(data_, length_, MADV_HUGEPAGE);
#endif
      auto* bytes_p = reinterpret_cast<volatile unsigned char*>(data_);
      for (std::size_t i = 0; i < length_; i += page) bytes_p[i] = 0;
#else
      void* p = std::aligned_alloc(alignof(Bucket), (bytes + 63) / 64 * 64);
      if (p == nullptr) throw std::bad_alloc();
      std::memset(p, 0, bytes);
      data_ = static_cast<Bucket*>(p);
      length_ = bytes;
#endif
    }
    Storage(Storage&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), length_(std::exchange(o.length_, 0)) {}
    Storage& operator=(Storage&& o) noexcept {
      if (this != &o) {
        release();
        data_ = std::exchange(o.data_, nullptr);
        length_ = std::exchange(o.length_, 0);
      }
      return *this;
    }
    ~Storage() { release(); }

    Bucket* get() const { return data_; }
    Bucket& operator[](std::uint64_t i) const { return data_[i]; }

   private:
    void release() {
      if (data_ == nullptr) return;
#if defined(__linux__)
      munmap(data_, length_);
#else
      std::free(data_);
#endif
      data_ = nullptr;
    }
    static std::size_t physical_memory() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
      const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
      if (pages > 0 && size > 0)
        return static_cast<std::size_t>(pages) * static_cast<std::size_t>(size);
#endif
      return SIZE_MAX;
    }

    Bucket* data_ = nullptr;
    std::size_t length_ = 0;
  };

  static Storage allocate(std::uint64_t buckets) { return Storage(buckets * sizeof(Bucket)); }

  Storage buckets_;
  std::uint64_t count_ = 0;
  int shift_ = 63;
  std::uint16_t generation_ = 1;
  std::uint16_t valid_from_ = 1;
};

}  // namespace evoplay::search
