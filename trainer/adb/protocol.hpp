// The ADB wire formats (AOSP system/core/adb/protocol.txt, SERVICES.TXT, SYNC.TXT, shell_protocol.h):
//  - transport messages between the adb server and a device: a 24-byte little-endian header
//    (command, arg0, arg1, data_length, data_check = byte sum, magic = command ^ 0xffffffff) and
//    a payload; commands CNXN, AUTH, OPEN, OKAY, WRTE, CLSE;
//  - the shell v2 protocol inside a stream: packets [id: 1 byte][length: uint32 LE][data], ids
//    stdin 0, stdout 1, stderr 2, exit 3, close-stdin 4, window-size 5;
//  - the sync protocol (adb push/pull): 4-byte ids (STAT, RECV, SEND, LIST, DATA, DONE, OKAY,
//    FAIL, QUIT) followed by a uint32 LE length or value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pg::adb {

constexpr std::uint32_t kCnxn = 0x4e584e43, kAuth = 0x48545541, kOpen = 0x4e45504f, kOkay = 0x59414b4f,
                        kWrte = 0x45545257, kClse = 0x45534c43;
/// Protocol version with checksums optional (adb 1.0.36+).
constexpr std::uint32_t kAdbVersion = 0x01000001;
/// Largest payload this implementation sends or accepts.
constexpr std::uint32_t kMaxPayload = 256 * 1024;

/// One transport message.
struct Message {
  std::uint32_t command = 0, arg0 = 0, arg1 = 0;
  std::string data;
};

/// "CNXN" for kCnxn and so on ("????" for an unknown command).
std::string command_name(std::uint32_t command);
/// Header (24 bytes) + payload of `m`, with data_check and magic filled in.
std::string encode_message(const Message& m);
/// Parses a 24-byte header: fills command/arg0/arg1 and returns the payload length. Throws
/// std::runtime_error for a bad magic or a payload longer than `max_payload`.
std::uint32_t decode_header(std::string_view header, Message& m, std::uint32_t max_payload);

/// Little-endian uint32 helpers.
void put_u32(std::string& out, std::uint32_t v);
std::uint32_t get_u32(std::string_view bytes, std::size_t offset);

/// Shell v2 packet ids.
enum class ShellId : std::uint8_t { Stdin = 0, Stdout = 1, Stderr = 2, Exit = 3, CloseStdin = 4, WindowSize = 5 };
/// One shell v2 packet.
std::string shell_packet(ShellId id, std::string_view data);

}  // namespace pg::adb
