# The BB-7 adapter (acdc --stdio): part of acdc_host_core, listed here so that
# the host's own source list stays short.
target_sources(acdc_host_core PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/chat.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/chat_files.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/chat_store.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/chat_text.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/config.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/edit/anchored.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/edit/lines.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/edit/replace.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/engine_client.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/files.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/instructions.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/prompt.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/prompt_text.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/protocol.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/provider_get.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/safe_path.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/send_finish.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_chats.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_context.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_fork.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_info.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_output.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_provider.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/session_send.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/stdio_loop.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/title.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/tokens.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/adapters/bb7/tool_calls.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/src/app/app_stdio.cpp)
