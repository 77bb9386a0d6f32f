// SPDX-License-Identifier: MIT
/* The tests' helper library: waits and numbers (check.h). */
#include <poll.h>
#include <linux/sync_file.h>

#include "check.h"

void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

bool fd_ready(int fd, short events, int ms)
{
	struct pollfd p = { .fd = fd, .events = events };
	int n;

	do {
		n = poll(&p, 1, ms);
	} while (n < 0 && errno == EINTR);
	return n == 1 && (p.revents & events);
}

int sync_status(int sfd)
{
	struct sync_file_info info;

	memset(&info, 0, sizeof(info));
	if (ioctl(sfd, SYNC_IOC_FILE_INFO, &info))
		return -1000 - errno;
	return info.status;
}

int sync_wait(int sfd, int ms)
{
	if (!fd_ready(sfd, POLLIN, ms))
		return 0;
	return sync_status(sfd);
}

const char *status_name(int s)
{
	static char buf[4][64];
	static unsigned int n;
	char *b = buf[n++ % 4];

	if (s == 1)
		return "1 (signalled)";
	if (s == 0)
		return "0 (active)";
	if (s <= -1000)
		snprintf(b, sizeof(buf[0]), "SYNC_IOC_FILE_INFO failed: %s",
			 strerror(-(s + 1000)));
	else
		snprintf(b, sizeof(buf[0]), "%d (error %s)", s, strerror(-s));
	return b;
}

bool wait_word(const uint32_t *p, uint32_t want, uint64_t ns)
{
	uint64_t end = etna_now_ns() + ns;

	while (__atomic_load_n(p, __ATOMIC_ACQUIRE) != want) {
		if (etna_now_ns() > end)
			return false;
		usleep(1000);
	}
	return true;
}

uint32_t xorshift32(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint32_t pattern(size_t i, uint32_t seed)
{
	return (uint32_t)(i * 0x9e3779b9u) ^ (seed * 0x85ebca6bu) ^ seed;
}
