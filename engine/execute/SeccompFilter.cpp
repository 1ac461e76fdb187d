#include "execute/SeccompFilter.h"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <utility>

namespace difftriage::engine::SeccompFilter {

namespace {

#if defined(__x86_64__)
constexpr std::uint32_t AuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t AuditArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t AuditArch = 0; // no filter: supported() says so
#endif

constexpr std::uint32_t argLowOffset(int index)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return std::uint32_t(offsetof(struct seccomp_data, args) + 8 * index);
#else
    return std::uint32_t(offsetof(struct seccomp_data, args) + 8 * index + 4);
#endif
}

sock_filter statement(unsigned code, std::uint32_t k)
{
    return sock_filter{static_cast<std::uint16_t>(code), 0, 0, k};
}

sock_filter jump(unsigned code, std::uint32_t k, std::uint8_t yes, std::uint8_t no)
{
    return sock_filter{static_cast<std::uint16_t>(code), yes, no, k};
}

sock_filter refuse(int error)
{
    return statement(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | std::uint32_t(error));
}

} // namespace

bool supported()
{
    return AuditArch != 0 && ::prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
}

std::vector<sock_filter> filter(Policy policy)
{
    const sock_filter loadNumber =
        statement(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
    const sock_filter allow = statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    std::vector<sock_filter> filter{
        statement(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        jump(BPF_JMP | BPF_JEQ | BPF_K, AuditArch, 1, 0),
        refuse(EPERM), // a foreign system call ABI
        loadNumber,
    };
#if defined(__x86_64__)
    filter.push_back(jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000U, 0, 1)); // x32 numbers
    filter.push_back(refuse(EPERM));
#endif
    filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1));
    filter.push_back(refuse(ENOSYS));
    if (policy == Policy::NoUnixSockets) {
        filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 1, 0));
        filter.push_back(allow);
        filter.push_back(statement(BPF_LD | BPF_W | BPF_ABS, argLowOffset(0)));
        filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1));
        filter.push_back(refuse(EACCES));
        filter.push_back(allow);
        return filter;
    }
    const std::pair<long, int> refused[] = {{__NR_socket, EACCES},
                                            {__NR_ptrace, EPERM},
                                            {__NR_process_vm_readv, EPERM},
                                            {__NR_process_vm_writev, EPERM}};
    for (const auto &[number, error] : refused) {
        filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, std::uint32_t(number), 0, 1));
        filter.push_back(refuse(error));
    }
    // kill(-1, …): the pid's low 32 bits, whatever the ABI left in the upper ones.
    filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 1, 0));
    filter.push_back(allow);
    filter.push_back(statement(BPF_LD | BPF_W | BPF_ABS, argLowOffset(0)));
    filter.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, 0xFFFFFFFFU, 0, 1));
    filter.push_back(refuse(EPERM));
    filter.push_back(allow);
    return filter;
}

} // namespace difftriage::engine::SeccompFilter
