#pragma once
// A transposition table: what earlier searches learned about positions, by hash.
//
// Why it exists: the same position is reached by many move orders; its value (or a bound on it)
// and its best move are stored once and reused. Entries are 16 bytes (full 64-bit key, value,
// depth, bound type, best move, generation), four to a 64-byte bucket (one cache line). A new
// entry replaces the bucket's entry with the least `depth - 4 * age`: deep results and recent
// searches are kept. clear() is O(1): it starts a new generation and entries of older ones stop
// counting; new_search() starts a new generation whose older entries still count (but age).
//
// Threads may share a table (a parallel search): an entry is two 64-bit words, the data and the
// key XOR the data, each read and written whole (relaxed atomics), so an entry half-written by
// one thread while another reads it fails the key check and reads as missing (Hyatt's lockless
// table) instead of pairing one position's key with another's value.
//
// A growing table (grows = true) starts small and doubles, moving its entries, whenever half of
// its slots are in use, up to its size; clear() shrinks it back. Its memory is reserved at once
// but the pages are touched only as it grows, so a run of small searches (a thousand end-game
// positions, each after a clear) costs nothing for a large table and stays in the cache. A
// growing table must be used by one thread at a time; set_grows(false) before sharing it.

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
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

  /// One stored result, as probe() returns it.
  struct Entry {
    std::uint64_t key;
    std::int16_t value;
    std::uint16_t generation;
    std::uint8_t depth;
    std::uint8_t flags;  // bits 0-1: Bound; bit 2: has a move; bit 3: solved
    Move move;

    Bound bound() const { return static_cast<Bound>(flags & 3); }
    bool has_move() const { return (flags & 4) != 0; }
    /// The whole subtree was searched to its end: the value holds at any depth.
    bool solved() const { return (flags & 8) != 0; }
  };
  // The stored form: `data` packs value (bits 0-15), generation (16-31), depth (32-39), flags
  // (40-47) and move (48-63); `check` is key ^ data. An all-zero slot has generation 0: empty.
  struct Slot {
    std::uint64_t check;
    std::uint64_t data;
  };
  static constexpr int kWays = 4;
  struct alignas(64) Bucket {
    Slot slots[kWays];
  };
  /// A growing table's size after a clear (2 MiB: a core's L2 cache), unless its full size is
  /// smaller. Starting at 256 KiB, the doublings of a line of 30,000 nodes cost 13% of its time
  /// (Pons' Test_L2_R2: 2.9 s instead of 3.3 s).
  static constexpr std::uint64_t kInitialBuckets = 32768;

  /// A table of about `mebibytes` MiB (rounded down to a power of two of buckets, at least 2).
  explicit TranspositionTable(double mebibytes = 16, bool grows = false) : grows_(grows) {
    resize(mebibytes);
  }

  void resize(double mebibytes) {
    const double bytes = std::max(mebibytes, 0.0) * 1024.0 * 1024.0;
    std::uint64_t buckets = 2;
    while (static_cast<double>(buckets * 2 * sizeof(Bucket)) <= bytes) buckets *= 2;
    buckets_ = Storage(buckets * sizeof(Bucket), !grows_);
    capacity_ = buckets;
    generation_ = 1;
    valid_from_ = 1;
    high_water_ = 0;
    restart();
  }

  /// Whether the table grows (see above); false makes it full size at once (for sharing).
  void set_grows(bool grows) {
    if (grows == grows_) return;
    grows_ = grows;
    if (!grows_) {
      while (count_ < capacity_) grow();
    }
  }
  bool grows() const { return grows_; }

  /// The table's full size in buckets and MiB (a growing table may use less for now).
  std::uint64_t buckets() const { return capacity_; }
  double mebibytes() const {
    return static_cast<double>(capacity_ * sizeof(Bucket)) / (1024.0 * 1024.0);
  }
  /// Buckets in use now (a growing table's current size).
  std::uint64_t active_buckets() const { return count_; }

  /// Forget everything (O(1)).
  void clear() {
    advance();
    valid_from_ = generation_;
    if (grows_) restart();
  }
  /// A new search: older entries stay valid but are replaced first.
  void new_search() { advance(); }

  /// The entry of `key`, if stored.
  std::optional<Entry> probe(std::uint64_t key) const {
    const Bucket& b = buckets_[index(key)];
    for (const Slot& s : b.slots) {
      const std::uint64_t data = load(s.data);
      if ((load(s.check) ^ data) == key && valid(data)) return decode(key, data);
    }
    return std::nullopt;
  }

  /// Starts loading the bucket of `key` into the cache (a hint; no effect on results).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[index(key)]); }

  /// Records a result; `value` must fit in 16 bits (engine scores do). `depth` is how deep the
  /// position was searched (`solved`: to the end everywhere); replacement prefers deep entries.
  void store(std::uint64_t key, Score value, int depth, Bound bound, const Move* move,
             bool solved = false) {
    assert(value >= -32767 && value <= 32767);
    Bucket& b = buckets_[index(key)];
    Slot* victim = &b.slots[0];
    std::uint64_t victim_data = load(victim->data);
    int victim_worth = 1 << 30;
    bool same = false;
    for (Slot& s : b.slots) {
      const std::uint64_t data = load(s.data);
      const bool ok = valid(data);
      if (ok && (load(s.check) ^ data) == key) {
        victim = &s;
        victim_data = data;
        same = true;
        break;
      }
      const int worth = ok ? depth_of(data) - 4 * static_cast<int>(age(data)) : -(1 << 20);
      if (worth < victim_worth) {
        victim_worth = worth;
        victim = &s;
        victim_data = data;
      }
    }
    const bool fresh = !same && !valid(victim_data);
    std::uint64_t move_bits = 0;
    bool has_move = move != nullptr;
    if (move != nullptr) {
      std::uint16_t m = 0;
      std::memcpy(&m, move, sizeof(Move));
      move_bits = m;
    } else if (same && (flags_of(victim_data) & 4)) {  // no move now: keep the known one
      move_bits = victim_data >> 48;
      has_move = true;
    }
    const std::uint64_t data =
        static_cast<std::uint16_t>(static_cast<std::int16_t>(value)) |
        std::uint64_t{generation_} << 16 |
        std::uint64_t{static_cast<std::uint8_t>(std::clamp(depth, 0, 255))} << 32 |
        std::uint64_t{static_cast<std::uint8_t>(static_cast<int>(bound) | (has_move ? 4 : 0) |
                                                (solved ? 8 : 0))}
            << 40 |
        move_bits << 48;
    save(victim->data, data);
    save(victim->check, key ^ data);
    if (fresh && grows_ && ++used_ * 2 > count_ * kWays && count_ < capacity_) grow();
  }

 private:
  static std::uint64_t load(const std::uint64_t& word) {
    return std::atomic_ref<const std::uint64_t>(word).load(std::memory_order_relaxed);
  }
  static void save(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
  }
  static std::uint16_t generation_of(std::uint64_t data) {
    return static_cast<std::uint16_t>(data >> 16);
  }
  static int depth_of(std::uint64_t data) { return static_cast<int>((data >> 32) & 0xFF); }
  static std::uint8_t flags_of(std::uint64_t data) { return static_cast<std::uint8_t>(data >> 40); }
  static Entry decode(std::uint64_t key, std::uint64_t data) {
    Entry e{};
    e.key = key;
    e.value = static_cast<std::int16_t>(static_cast<std::uint16_t>(data));
    e.generation = generation_of(data);
    e.depth = static_cast<std::uint8_t>(depth_of(data));
    e.flags = flags_of(data);
    const auto m = static_cast<std::uint16_t>(data >> 48);
    std::memcpy(&e.move, &m, sizeof(Move));
    return e;
  }

  std::uint64_t index(std::uint64_t key) const { return (key * 0x9E3779B97F4A7C15ULL) >> shift_; }
  // Generations only grow between wipes, so "written since the last clear" is a comparison.
  bool valid(std::uint64_t data) const { return generation_of(data) >= valid_from_; }
  std::uint16_t age(std::uint64_t data) const {
    return static_cast<std::uint16_t>(generation_ - generation_of(data));
  }
  void advance() {
    if (generation_ == 0xFFFF) {  // wrap: wipe for real, once every 65535 searches
      std::memset(static_cast<void*>(buckets_.get()), 0,
                  std::max(high_water_, count_) * sizeof(Bucket));
      generation_ = 1;
      valid_from_ = 1;
      return;
    }
    ++generation_;
  }

  // Back to the starting size (everything in the table is invalid or about to be).
  void restart() {
    count_ = grows_ ? std::min(capacity_, kInitialBuckets) : capacity_;
    shift_ = 64 - std::countr_zero(count_);
    used_ = 0;
    high_water_ = std::max(high_water_, count_);
    if (count_ * sizeof(Bucket) >= Storage::kHuge) buckets_.prefer_huge_pages();
  }

  // Doubles the buckets in use: bucket i's valid entries go to 2i or 2i + 1 (the next bit of
  // the hash), from the top down so that nothing is overwritten before it is moved.
  void grow() {
    const std::uint64_t old = count_;
    count_ *= 2;
    --shift_;
    for (std::uint64_t i = old; i-- > 0;) {
      const Bucket from = buckets_[i];
      Bucket halves[2] = {};
      int filled[2] = {0, 0};
      for (const Slot& s : from.slots) {
        if (!valid(s.data)) continue;
        const std::uint64_t half = index(s.check ^ s.data) & 1;
        halves[half].slots[filled[half]++] = s;
      }
      buckets_[2 * i] = halves[0];
      buckets_[2 * i + 1] = halves[1];
    }
    high_water_ = std::max(high_water_, count_);
    if (count_ * sizeof(Bucket) >= Storage::kHuge) buckets_.prefer_huge_pages();
  }

  // The table's memory: zeroed, 64-byte aligned, and for tables of 2 MiB or more aligned to
  // 2 MiB and asked to live on huge pages, so that probes scattered over the table do not each
  // miss the TLB. On Linux it comes straight from mmap (zero pages: no memset); with `touch`,
  // each page is touched once here, so that no search pays for a first touch (a time-limited one
  // would pay it in the middle of a move); without, pages are mapped when first used. Throws
  // std::bad_alloc when the system refuses the memory or the table would be larger than the
  // machine's physical memory.
  class Storage {
   public:
    Storage() = default;
    Storage(std::size_t bytes, bool touch) {
      if (bytes > physical_memory()) throw std::bad_alloc();
#if defined(__linux__)
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
      if (touch) {
        prefer_huge_pages();
        auto* bytes_p = reinterpret_cast<volatile unsigned char*>(data_);
        for (std::size_t i = 0; i < length_; i += page) bytes_p[i] = 0;
      }
#else
      (void)touch;
      void* p = std::aligned_alloc(alignof(Bucket), (bytes + 63) / 64 * 64);
      if (p == nullptr) throw std::bad_alloc();
      std::memset(p, 0, bytes);
      data_ = static_cast<Bucket*>(p);
      length_ = bytes;
#endif
    }
    Storage(Storage&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)),
          length_(std::exchange(o.length_, 0)),
          huge_(std::exchange(o.huge_, false)) {}
    Storage& operator=(Storage&& o) noexcept {
      if (this != &o) {
        release();
        data_ = std::exchange(o.data_, nullptr);
        length_ = std::exchange(o.length_, 0);
        huge_ = std::exchange(o.huge_, false);
      }
      return *this;
    }
    static constexpr std::size_t kHuge = std::size_t{2} << 20;
    ~Storage() { release(); }

    Bucket* get() const { return data_; }
    Bucket& operator[](std::uint64_t i) const { return data_[i]; }

    /// Asks for huge pages for a table of 2 MiB or more (once). A growing table asks only when
    /// it reaches 2 MiB: the first touch of a huge page may wait for the kernel to assemble it
    /// (milliseconds), which a run of small searches should not pay.
    void prefer_huge_pages() {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      if (!huge_ && length_ >= kHuge) madvise(data_, length_, MADV_HUGEPAGE);
#endif
      huge_ = true;
    }

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
    bool huge_ = false;
  };

  Storage buckets_;
  bool grows_ = false;
  std::uint64_t capacity_ = 0;    // buckets reserved
  std::uint64_t count_ = 0;       // buckets in use (a power of two, at most capacity_)
  std::uint64_t high_water_ = 0;  // most buckets ever in use since the memory was mapped
  std::uint64_t used_ = 0;        // slots filled since the last restart (growing tables)
  int shift_ = 63;
  std::uint16_t generation_ = 1;
  std::uint16_t valid_from_ = 1;
};

}  // namespace evoplay::search
